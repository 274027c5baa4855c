// spec 1 §2.10 "two benchmark boxes": where the event stands now against comparable events at the
// same point, and where it is predicted to end against where comparable events ended.
import { useTranslation } from '../../../lib/i18n/react';
import type { TinyT } from '../../../lib/i18n/tiny';
import type { Benchmark } from '../../../lib/contracts/events';
import { Icon } from '../../ui/Icon';
import { Tooltip } from '../../ui/Tooltip';
import { formatCount, formatDecimal, formatPercent, predictionRange, stateTone, trendOf } from './format';
import styles from './EventDetail.module.css';

function Delta({ value, benchmark, lng }: { value: number | null; benchmark: number | null; lng: string }) {
  const { t } = useTranslation();
  const trend = trendOf(value, benchmark);
  if (!trend || value == null || benchmark == null) return null;
  const points = Math.abs(Math.round((value - benchmark) * 10) / 10);
  const text = t(trend === 'up' ? 'event.benchmark.ahead' : 'event.benchmark.behind', { points: formatDecimal(points, lng) });
  return (
    <span className={styles.delta} data-trend={trend}>
      <Icon name={trend === 'up' ? 'trendUp' : 'trendDown'} size={14} />
      {text}
    </span>
  );
}

interface Line {
  text: string;
  testId?: string;
}

function Box({
  id,
  title,
  help,
  value,
  benchmark,
  benchmarkLabel,
  lines,
  lng,
}: {
  id: string;
  title: string;
  help: string;
  value: number | null;
  benchmark: number | null;
  benchmarkLabel: string;
  lines: Line[];
  lng: string;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} aria-labelledby={`${id}-title`}>
      <div className={styles.boxHead}>
        <h3 id={`${id}-title`} className={styles.boxTitle}>
          {title}
        </h3>
        <Tooltip content={<span className={styles.tipText}>{help}</span>}>
          <button type="button" className={styles.iconButton} aria-label={t('event.benchmark.explain', { title })}>
            <Icon name="info" size={16} />
          </button>
        </Tooltip>
      </div>
      <p className={styles.boxValue} data-testid={`${id}-value`}>
        {formatPercent(value, lng)}
      </p>
      <p className={styles.boxCompare}>
        <span>{benchmarkLabel}</span> <strong data-testid={`${id}-benchmark`}>{formatPercent(benchmark, lng)}</strong>
      </p>
      <Delta value={value} benchmark={benchmark} lng={lng} />
      <ul className={styles.boxLines}>
        {lines.map((line) => (
          <li key={line.text} data-testid={line.testId}>
            {line.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Issue 12: how sure the prediction is — its 80 % range (in tickets where the capacity is known)
 * and the error it usually has at this point. Nothing while the forecast has no interval.
 */
function uncertaintyLines(benchmark: Benchmark, capacity: number, lng: string, t: TinyT): Line[] {
  const lines: Line[] = [];
  const range = predictionRange(benchmark.prediction_interval, capacity);
  if (range) {
    lines.push({
      testId: 'prediction-range',
      text:
        range.unit === 'tickets'
          ? t('event.benchmark.predictionRange', { low: formatCount(range.low, lng), high: formatCount(range.high, lng) })
          : t('event.benchmark.predictionRangePercent', { low: formatPercent(range.low, lng), high: formatPercent(range.high, lng) }),
    });
  }
  if (benchmark.expected_error != null) {
    lines.push({ testId: 'expected-error', text: t('event.benchmark.expectedError', { count: benchmark.expected_error, tickets: formatCount(benchmark.expected_error, lng) }) });
  }
  return lines;
}

export function BenchmarkBoxes({ benchmark, capacity, lng }: { benchmark: Benchmark; capacity: number; lng: string }) {
  const { t } = useTranslation();
  const tone = stateTone(benchmark.state);
  const daysOut = benchmark.days_out;
  return (
    <div className={styles.benchmark}>
      <div className={styles.stateRow}>
        <span className={styles.state} data-tone={tone} data-testid="forecast-state">
          {t(`event.benchmark.states.${benchmark.state}`)}
        </span>
        {daysOut != null && daysOut >= 0 && <span className={styles.muted}>{t('event.benchmark.daysOut', { count: daysOut })}</span>}
      </div>
      <div className={styles.boxes}>
        <Box
          id="benchmark-now"
          title={t('event.benchmark.now.title')}
          help={t('event.benchmark.now.help')}
          value={benchmark.now.value}
          benchmark={benchmark.now.benchmark}
          benchmarkLabel={t('event.benchmark.now.benchmark')}
          lng={lng}
          lines={[{ text: t('event.benchmark.ticketsSold', { sold: formatCount(benchmark.tickets_sold, lng), capacity: formatCount(capacity, lng) }) }]}
        />
        <Box
          id="benchmark-prediction"
          title={t('event.benchmark.prediction.title')}
          help={t('event.benchmark.prediction.help')}
          value={benchmark.prediction.value}
          benchmark={benchmark.prediction.benchmark}
          benchmarkLabel={t('event.benchmark.prediction.benchmark')}
          lng={lng}
          lines={[
            {
              text:
                benchmark.predicted_tickets != null
                  ? t('event.benchmark.predictedTickets', { count: benchmark.predicted_tickets, tickets: formatCount(benchmark.predicted_tickets, lng) })
                  : t('event.benchmark.noPrediction'),
            },
            ...uncertaintyLines(benchmark, capacity, lng, t),
            { text: t('event.benchmark.comparables', { count: benchmark.comparables, n: formatCount(benchmark.comparables, lng) }) },
          ]}
        />
      </div>
    </div>
  );
}
