import { Box, Flex, Text, VisuallyHidden } from '@portal/shared/chakra';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useWidth } from '../dashboard/useWidth.ts';
import { axisLabelPosition, chartScale, labelledDays, labelWidth, tickLabel } from '../dashboard/chartScale.ts';
import { type Bucket, formatBytes, type Series } from './usageData.ts';

const HEIGHT = 240;
const FONT_SIZE = 11;
const MARGIN = { top: 12, right: 8, bottom: 26 };

/**
 * Usage per bucket as stacked SVG bars, one colour per series (the busiest groups), with a legend.
 * Screen readers get a summary in the SVG's title and description and the figures in a hidden table.
 */
export function UsageBreakdownChart({ buckets, series, summary }: { buckets: Bucket[]; series: Series[]; summary: string }) {
  const intl = useIntl();
  const id = useId();
  const { ref, width } = useWidth<HTMLDivElement>();

  const maxMb = buckets.reduce((m, b) => Math.max(m, b.total / 1048576), 0);
  const scale = chartScale(maxMb);
  const ticks = scale.ticks.map((tick) => ({ tick, label: tickLabel(tick, scale, intl.locale) }));
  const left = Math.max(40, ...ticks.map((t) => labelWidth(t.label, FONT_SIZE))) + 8;
  const plotW = Math.max(1, width - left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotW / Math.max(1, buckets.length);
  const barW = Math.max(1, band * 0.7);
  const y = (mb: number) => MARGIN.top + plotH * (1 - mb / scale.topMb);
  // A label wide enough not to touch its neighbour: every nth bucket, counted back from the last.
  const axisText = (b: Bucket) => b.label.slice(5); // 11-27, 11-27 08:00
  const sampleWidth = labelWidth(buckets[0] ? axisText(buckets[0]) : '00-00', FONT_SIZE) + 12;
  const every = Math.max(1, Math.ceil(sampleWidth / band));
  // Held inside the chart, the last label moves left: any label it would touch is left out.
  const labels = new Map<number, { x: number; anchor: 'start' | 'middle' | 'end'; text: string }>();
  let leftEdge = Number.POSITIVE_INFINITY;
  for (const i of labelledDays(buckets.length, every).reverse()) {
    const bucket = buckets[i];
    if (!bucket) continue;
    const text = axisText(bucket);
    const w = labelWidth(text, FONT_SIZE);
    const at = axisLabelPosition(left + i * band + band / 2, w, width);
    const start = at.anchor === 'start' ? at.x : at.anchor === 'end' ? at.x - w : at.x - w / 2;
    if (start + w + 6 > leftEdge) continue;
    labels.set(i, { ...at, text });
    leftEdge = start;
  }

  return (
    <Box>
      <Box ref={ref} w="full" data-testid="usage-chart">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <title id={`${id}-title`}>{summary}</title>
          <desc id={`${id}-desc`}>{intl.formatMessage({ id: 'uc.usage.chart.desc' })}</desc>
          {/* In style, not as an attribute: the page's CSS outranks SVG presentation attributes (16 px text). */}
          <g style={{ fontSize: FONT_SIZE }} fill="var(--chakra-colors-fg-muted)">
            {ticks.map(({ tick, label }) => {
              const ty = y(tick * scale.unitMb);
              return (
                <g key={tick}>
                  <line
                    x1={left}
                    x2={width - MARGIN.right}
                    y1={ty}
                    y2={ty}
                    stroke="var(--chakra-colors-border)"
                    strokeDasharray={tick === 0 ? undefined : '3 3'}
                  />
                  <text x={left - 6} y={ty} textAnchor="end" dominantBaseline="middle">
                    {label}
                  </text>
                </g>
              );
            })}
            {buckets.map((b, i) => {
              const x = left + i * band;
              let base = MARGIN.top + plotH;
              const at = labels.get(i);
              return (
                <g key={b.start}>
                  <title>{`${b.label}: ${formatBytes(b.total, intl.locale)}`}</title>
                  <rect x={x} y={MARGIN.top} width={band} height={plotH} fill="transparent" />
                  {series.map((s) => {
                    const bytes = b.bytes.get(s.id) ?? 0;
                    if (bytes <= 0) return null;
                    const h = (plotH * (bytes / 1048576)) / scale.topMb;
                    base -= h;
                    return (
                      <rect key={s.id} x={x + (band - barW) / 2} y={base} width={barW} height={Math.max(0, h)} fill={s.colour} />
                    );
                  })}
                  {at ? (
                    <text x={at.x} y={HEIGHT - 8} textAnchor={at.anchor}>
                      {at.text}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      </Box>
      {series.length > 1 ? (
        <Flex as="ul" listStyleType="none" wrap="wrap" gap={3} mt={3} data-testid="usage-legend">
          {series.map((s) => (
            <Flex as="li" key={s.id} align="center" gap={1.5} fontSize="sm" minW={0}>
              <Box as="span" w="3" h="3" borderRadius="sm" flexShrink={0} style={{ background: s.colour }} aria-hidden />
              <Text as="span" truncate maxW="60">
                {s.label}
              </Text>
            </Flex>
          ))}
        </Flex>
      ) : null}
      <VisuallyHidden as="div">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="uc.usage.col.bucket" />
              </th>
              {series.map((s) => (
                <th scope="col" key={s.id}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {buckets
              .filter((b) => b.total > 0)
              .map((b) => (
                <tr key={b.start}>
                  <th scope="row">{b.label}</th>
                  {series.map((s) => (
                    <td key={s.id}>{formatBytes(b.bytes.get(s.id) ?? 0, intl.locale)}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
