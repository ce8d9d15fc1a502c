import { Box, type BoxProps } from '@portal/shared/chakra';

/** Line icons (24×24, stroke = currentColor): decorative, so hidden from assistive technology. */
const PATHS = {
  scraping: 'M4 6h16M4 12h10M4 18h7M17 14l3 3-3 3M21 17h-6',
  ecommerce: 'M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 20h.01M17 20h.01',
  research: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  opinion: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12ZM8 11h.01M12 11h.01M16 11h.01',
  testing: 'M9 3h6M10 3v6L4.5 18.5A2 2 0 0 0 6.2 21.5h11.6a2 2 0 0 0 1.7-3L14 9V3M7 15h10',
  travel: 'M2 16l20-6-4-3-7 2-5-4-2 1 3 5-4 1-1 3ZM3 21h18',
  globe: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18',
  pin: 'M12 21s7-6.2 7-11.5A7 7 0 0 0 5 9.5C5 14.8 12 21 12 21ZM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  shield: 'M12 3l8 3v6c0 4.6-3.4 8.3-8 9-4.6-.7-8-4.4-8-9V6l8-3ZM8.5 12l2.5 2.5 4.5-5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM12 7v5l3 2',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  plug: 'M9 3v5M15 3v5M6 8h12v3a6 6 0 0 1-12 0V8ZM12 17v4',
  check: 'M5 12.5l4.5 4.5L19 7',
  server: 'M4 4h16v6H4zM4 14h16v6H4zM8 7h.01M8 17h.01',
  home: 'M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1v-5ZM20 14h-3v6h2a1 1 0 0 0 1-1v-5Z',
  book: 'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2V5ZM4 19a2 2 0 0 1 2-2h14',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = '24px', ...rest }: { name: IconName; size?: string } & Omit<BoxProps, 'children'>) {
  return (
    <Box as="span" display="inline-flex" flexShrink={0} aria-hidden="true" {...rest}>
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden="true"
      >
        <path d={PATHS[name]} />
      </svg>
    </Box>
  );
}
