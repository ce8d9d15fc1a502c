import { Box, type BoxProps } from './chakra.ts';

/**
 * Article and help-answer bodies: HTML the server rendered from Markdown with raw HTML switched off
 * (see server/src/modules/content/markdown.ts), so it is inserted as is and only styled here.
 */
export function RichText({ html, ...rest }: { html: string } & Omit<BoxProps, 'dangerouslySetInnerHTML' | 'children'>) {
  return (
    <Box
      className="rich-text"
      lineHeight="1.8"
      fontSize={{ base: 'md', md: 'lg' }}
      color="fg"
      css={{
        '& > * + *': { marginTop: '1em' },
        '& h2': {
          fontSize: { base: 'xl', md: '2xl' },
          fontWeight: 'bold',
          marginTop: '1.8em',
          lineHeight: '1.3',
          scrollMarginTop: '80px',
        },
        '& h3': { fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold', marginTop: '1.5em', scrollMarginTop: '80px' },
        '& h4': { fontWeight: 'semibold', marginTop: '1.2em' },
        '& a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '3px' },
        '& ul': { paddingInlineStart: '1.4em', listStyleType: 'disc' },
        '& ol': { paddingInlineStart: '1.4em', listStyleType: 'decimal' },
        '& li + li': { marginTop: '0.35em' },
        '& blockquote': { borderInlineStartWidth: '4px', borderColor: 'brand.200', paddingInlineStart: '1em', color: 'fg.muted' },
        '& code': { fontFamily: 'mono', fontSize: '0.88em', bg: 'bg.muted', paddingInline: '0.3em', borderRadius: 'sm' },
        '& pre': {
          bg: 'gray.900',
          color: 'gray.100',
          padding: '1em',
          borderRadius: 'md',
          overflowX: 'auto',
          fontSize: 'sm',
          lineHeight: '1.6',
        },
        '& pre code': { bg: 'transparent', padding: 0, color: 'inherit', fontSize: 'inherit' },
        '& .md-table': { overflowX: 'auto' },
        '& table': { width: '100%', borderCollapse: 'collapse', fontSize: 'sm' },
        '& th, & td': {
          borderWidth: '1px',
          borderColor: 'border',
          padding: '0.5em 0.75em',
          textAlign: 'start',
          verticalAlign: 'top',
        },
        '& th': { bg: 'bg.subtle', fontWeight: 'semibold' },
        '& hr': { borderColor: 'border' },
        '& img': { maxWidth: '100%', borderRadius: 'md' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (raw HTML escaped, unsafe links refused)
      dangerouslySetInnerHTML={{ __html: html }}
      {...rest}
    />
  );
}
