import { Box, Text, VisuallyHidden } from '@portal/shared/chakra';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useWidth } from './useWidth.ts';
import { type DashboardStatistics, formatTraffic } from '@portal/shared';
import { axisLabelPosition, chartScale, labelledDays, labelWidth, tickLabel } from './chartScale.ts';

type Day = DashboardStatistics['daily'][number];

const HEIGHT = 220;
const FONT_SIZE = 11;
const MARGIN = { top: 12, right: 8, bottom: 26 };

/**
 * Daily usage as an inline SVG bar chart (no chart library: the page stays light). Screen readers
 * get the summary in the SVG's title and the figures in a visually hidden table.
 */
export function UsageChart({ daily }: { daily: Day[] }) {
  const intl = useIntl();
  const id = useId();
  const { ref, width } = useWidth<HTMLDivElement>();
  const fmt = (mb: number) => formatTraffic(mb, intl.locale);

  const max = daily.reduce((m, d) => Math.max(m, d.usedMb), 0);
  const scale = chartScale(max);
  const ticks = scale.ticks.map((tick) => ({ tick, label: tickLabel(tick, scale, intl.locale) }));
  // The y axis is as wide as its longest tick ("1,000 MB" is cut in a fixed 60 px on some fonts).
  const left = Math.max(40, ...ticks.map((t) => labelWidth(t.label, FONT_SIZE))) + 8;
  const plotW = Math.max(1, width - left - MARGIN.right);
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = plotW / Math.max(1, daily.length);
  const barW = Math.max(1, band * 0.7);
  const y = (mb: number) => MARGIN.top + plotH * (1 - mb / scale.topMb);
  // A phone's narrow plot has room for a label every 10 days, not every 5.
  const labelled = new Set(labelledDays(daily.length, plotW < 420 ? 10 : 5));

  const total = daily.reduce((s, d) => s + d.usedMb, 0);
  const peak = daily.reduce<Day | undefined>((p, d) => (!p || d.usedMb > p.usedMb ? d : p), undefined);
  const range = { from: daily[0]?.date ?? '', to: daily.at(-1)?.date ?? '' };
  const summary =
    total > 0 && peak
      ? intl.formatMessage(
          { id: 'uc.dashboard.chartSummary' },
          { ...range, total: fmt(total), peak: fmt(peak.usedMb), peakDate: peak.date },
        )
      : intl.formatMessage({ id: 'uc.dashboard.chartSummaryEmpty' }, range);

  return (
    <Box>
      <Box ref={ref} w="full" data-testid="dashboard-chart">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title`}
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <title id={`${id}-title`}>{summary}</title>
          <g fontSize={FONT_SIZE} fill="var(--chakra-colors-fg-muted)">
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
            {daily.map((d, i) => {
              const x = left + i * band;
              const top = y(d.usedMb);
              const dateLabel = d.date.slice(5);
              const at = axisLabelPosition(x + band / 2, labelWidth(dateLabel, FONT_SIZE), width);
              return (
                <g key={d.date}>
                  <title>{intl.formatMessage({ id: 'uc.dashboard.chartBar' }, { date: d.date, usage: fmt(d.usedMb) })}</title>
                  {/* The whole column answers the pointer, so days with little usage still show their figure. */}
                  <rect x={x} y={MARGIN.top} width={band} height={plotH} fill="transparent" />
                  <rect
                    x={x + (band - barW) / 2}
                    y={top}
                    width={barW}
                    height={Math.max(0, MARGIN.top + plotH - top)}
                    rx={Math.min(2, barW / 4)}
                    fill="var(--chakra-colors-brand-solid)"
                  />
                  {labelled.has(i) ? (
                    <text x={at.x} y={HEIGHT - 8} textAnchor={at.anchor}>
                      {dateLabel}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
      </Box>
      {total === 0 ? (
        <Text fontSize="sm" color="fg.muted" textAlign="center" mt={2}>
          <FormattedMessage id="uc.dashboard.chartEmpty" />
        </Text>
      ) : null}
      {/* Hidden by a wrapper: a table given the hiding styles itself keeps its full width (tables
          ignore width: 1px), which made the whole page scroll sideways on a phone. */}
      <VisuallyHidden as="div">
        <table>
          <caption>{summary}</caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="uc.dashboard.col.date" />
              </th>
              <th scope="col">
                <FormattedMessage id="uc.dashboard.col.usage" />
              </th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{fmt(d.usedMb)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}
