import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  WEB_VITAL_METRICS,
  WEB_VITAL_THRESHOLDS,
  WEB_VITAL_WINDOWS,
  type WebVitalFigure,
  type WebVitalMetric,
  type WebVitalsSummary,
} from '@moments/shared';

const RATING_LABEL = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };
const RATING_COLOUR = {
  good: 'success.dark',
  // The theme has no warning colour of its own; MUI's default dark orange is under 4.5:1 on white.
  'needs-improvement': '#8A4B00',
  poor: 'error.main',
} as const;

const figureText = (metric: WebVitalMetric, value: number) =>
  metric === 'CLS' ? value.toFixed(2) : `${Math.round(value).toLocaleString('en-US')} ms`;

function Figure({ metric, figure }: { metric: WebVitalMetric; figure: WebVitalFigure | null }) {
  if (!figure) return <>–</>;
  return (
    <Box component="span" sx={{ color: RATING_COLOUR[figure.rating] }}>
      {figureText(metric, figure.p75)}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        ({RATING_LABEL[figure.rating]}, {figure.samples})
      </Typography>
    </Box>
  );
}

const cell = { p: 1, borderBottom: 1, borderColor: 'divider', textAlign: 'left' } as const;

/**
 * The 75th percentile of each Web Vital per page for the last 7 and 28 days, rated by the
 * thresholds in the header (good up to the first, poor above the second).
 */
export function WebVitalsTable({ summary }: { summary: WebVitalsSummary }) {
  if (summary.routes.length === 0) {
    return (
      <Typography color="text.secondary">No visit has reported its Web Vitals yet.</Typography>
    );
  }
  return (
    // A region that scrolls sideways on a narrow screen must take keyboard focus to be scrolled.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Web Vitals by page">
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%' }}>
        <caption style={{ captionSide: 'bottom', textAlign: 'left', paddingTop: 8 }}>
          75th percentile (rating, visits); thresholds good / poor per metric in the header.
        </caption>
        <thead>
          <tr>
            <Box component="th" sx={cell} scope="col">
              Page
            </Box>
            <Box component="th" sx={cell} scope="col">
              Days
            </Box>
            {WEB_VITAL_METRICS.map((metric) => (
              <Box component="th" key={metric} sx={cell} scope="col">
                {metric}
                <Typography variant="body2" color="text.secondary">
                  ≤ {figureText(metric, WEB_VITAL_THRESHOLDS[metric].good)} / &gt;{' '}
                  {figureText(metric, WEB_VITAL_THRESHOLDS[metric].poor)}
                </Typography>
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.routes.flatMap(({ route, windows }) =>
            WEB_VITAL_WINDOWS.map((days) => (
              <tr key={`${route}-${days}`}>
                <Box component="th" sx={cell} scope="row">
                  {route}
                </Box>
                <Box component="td" sx={cell}>
                  {days}
                </Box>
                {WEB_VITAL_METRICS.map((metric) => (
                  <Box component="td" key={metric} sx={cell}>
                    <Figure metric={metric} figure={windows[String(days)]?.[metric] ?? null} />
                  </Box>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </Box>
    </Box>
  );
}
