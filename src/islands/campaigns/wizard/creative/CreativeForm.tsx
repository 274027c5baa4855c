// The creative form of one taste cluster in the wizard's Ads step (spec 2 §2 Campaign creative
// form, §4 Topic report and autofill, §5 Creative (editor), §9): topic keyword chips, the co-create
// card, body, headline and destination-URL lists with counters, media, the variation indicator,
// call to action, audiences and description. The wizard owns the creative; every edit goes up
// through onChange (the wizard autosaves).
import { useCallback, useEffect, useId, useRef } from 'react';
import type { Creative, SetupProblem } from '../../../../lib/contracts/setup-process';
import type { CampaignGoal, TopicKeyword } from '../../../../lib/contracts/taste-clusters';
import { CREATIVE_TEXT } from '../../../../lib/campaigns/setup-constants';
import { reportKeyword } from '../../../../lib/api/userReports';
import { useTranslation } from '../../../../lib/i18n/react';
import { MediaField } from '../media/MediaField';
import { AutofillButton } from '../ai/AutofillButton';
import { CoCreateCard } from '../ai/CoCreateCard';
import { AudienceSelect } from './AudienceSelect';
import { CallToActionSelect } from './CallToActionSelect';
import { CharCounter, PasteCutNote } from './CharCounter';
import { usePasteCut } from './usePasteCut';
import { KeywordChips } from './KeywordChips';
import { TextList } from './TextList';
import { VariationIndicator } from './VariationIndicator';
import { fillEntries, inheritableUrls, putInFirstBlank, sameList, shownEntries, type ListField } from './creativeFormRules';
import { problemMessageKey } from '../wizardRules';
import styles from './CreativeForm.module.css';

export interface CreativeCluster {
  tc: number;
  tc_run_id: number;
  alias: string;
  keywords: TopicKeyword[];
}

export interface CreativeFormProps {
  eventId: string;
  setupId: string;
  creative: Creative;
  cluster: CreativeCluster;
  /** Our asset row id of the chosen ad account (audiences lookup); null before step 2 chose one. */
  adAccountAssetId: string | null;
  /** For the call-to-action lookup (spec 2 §7 call_to_action). */
  goal: CampaignGoal;
  hasPixel: boolean;
  leadFormId: string | null;
  /** The first cluster's URLs, for clusters with destination_url_inherited. */
  inheritedUrls?: string[];
  /**
   * This cluster is not the first: it shows the "same URLs as the first cluster" checkbox. Defaults
   * to whether inheritedUrls is given; pass it when inheritedUrls is only given to inheriting clusters.
   */
  inheritable?: boolean;
  onChange(next: Creative): void;
  /** Media still uploading (the wizard blocks Next while any cluster reports true). */
  onPendingChange?(pending: boolean): void;
  disabled?: boolean;
  /** A running campaign's creative (spec 2 §5 Media: replace only, never add or remove). */
  running?: boolean;
  /**
   * Problems to point at (the wizard's check before Next, or the server's INVALID_SETUP answer):
   * those of this cluster show in the error banner and mark their fields.
   */
  problems?: SetupProblem[];
}

export function CreativeForm({
  eventId,
  setupId,
  creative,
  cluster,
  adAccountAssetId,
  goal,
  hasPixel,
  leadFormId,
  inheritedUrls,
  inheritable: inheritableProp,
  onChange,
  onPendingChange,
  disabled,
  running = false,
  problems = [],
}: CreativeFormProps) {
  const { t } = useTranslation();
  const uid = useId();
  const descriptionPaste = usePasteCut(CREATIVE_TEXT.description.max, true);
  // Two edits in one tick (e.g. the inherited URLs and a dropped call to action) must not undo
  // each other: each builds on the last creative sent up, not on the render's props.
  const latest = useRef(creative);
  latest.current = creative;
  const update = useCallback(
    (patch: Partial<Creative>) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );

  // Without the prop, a cluster that was once given the first cluster's URLs keeps its checkbox,
  // so unticking it (after which a wizard may stop passing them) can be undone.
  const seenInherited = useRef(false);
  if (inheritedUrls !== undefined) seenInherited.current = true;
  const inheritable = inheritableProp ?? seenInherited.current;
  // spec 2 §5: inherited URLs are copied only when valid and only while this cluster inherits.
  const inherits = inheritable && creative.destination_url_inherited;
  useEffect(() => {
    if (!inherits) return;
    const urls = inheritableUrls(inheritedUrls);
    if (urls && !sameList(urls, shownEntries(latest.current.destination_url))) update({ destination_url: urls });
  }, [inherits, inheritedUrls, update]);

  const mine = problems.filter((p) => p.area === 'creatives' && (p.tc === null || p.tc === creative.tc));
  const problemOf = (field: string) => mine.find((p) => p.field === field || p.field?.startsWith(`${field}.`))?.code ?? null;
  const fieldNames = [...new Set(mine.map((p) => p.field?.split('.')[0]).filter((f): f is string => !!f))];

  const autofill = (field: 'headline' | 'body' | 'description', current: string[]) => (
    <AutofillButton
      eventId={eventId}
      tc={cluster.tc}
      tcRunId={cluster.tc_run_id}
      field={field}
      language={creative.language}
      current={current}
      onFill={(values) => (field === 'description' ? update({ description: (values[0] ?? '').slice(0, CREATIVE_TEXT.description.max) }) : update({ [field]: fillEntries(values, field) }))}
      disabled={disabled}
    />
  );
  const list = (field: ListField) => latest.current[field];

  return (
    <div className={styles.form} data-testid="creative-form" data-tc={cluster.tc}>
      {mine.length > 0 && (
        <div className="alert alert--error" role="alert">
          <div>
            <strong>{t('campaigns.wizard.creative.problems')}</strong>
            {fieldNames.map((f) => t(`campaigns.wizard.creative.fields.${f}`)).join(', ')}
          </div>
        </div>
      )}

      <KeywordChips
        keywords={cluster.keywords}
        disabled={disabled}
        onReport={(keyword, description) =>
          reportKeyword({ report_type: 'WRONG_TOPIC_RECOMMENDATION', event_id: eventId, setup_process_id: setupId, tc: cluster.tc, tc_run_id: cluster.tc_run_id, keyword, description })
        }
      />

      <CoCreateCard
        eventId={eventId}
        tc={cluster.tc}
        tcRunId={cluster.tc_run_id}
        language={creative.language}
        onLanguageChange={(language) => update({ language })}
        onUse={(field, text) => {
          const next = putInFirstBlank(list(field), text, field);
          if (next) update({ [field]: next });
        }}
        disabled={disabled}
      />

      <TextList
        field="body"
        label={t('campaigns.wizard.creative.body.label')}
        hint={t('campaigns.wizard.creative.body.hint')}
        values={creative.body}
        onChange={(body) => update({ body })}
        action={autofill('body', creative.body)}
        required
        disabled={disabled}
        error={problemOf('body')}
      />
      <TextList
        field="headline"
        label={t('campaigns.wizard.creative.headline.label')}
        hint={t('campaigns.wizard.creative.headline.hint')}
        values={creative.headline}
        onChange={(headline) => update({ headline })}
        action={autofill('headline', creative.headline)}
        required
        disabled={disabled}
        error={problemOf('headline')}
      />

      <div className={styles.block}>
        <p className={styles.label}>
          {t('campaigns.wizard.creative.media.label')}
          <span aria-hidden="true"> *</span>
        </p>
        <MediaField media={creative.media} onChange={(media) => update({ media })} published={running} running={running} onPendingChange={onPendingChange} disabled={disabled} />
        {problemOf('media') && (
          <p className={styles.fieldError} role="alert">
            {t(problemMessageKey({ area: 'creatives', code: problemOf('media')! }))}
          </p>
        )}
      </div>

      <VariationIndicator creative={creative} />

      <div className={styles.block}>
        {inheritable && (
          <label className={styles.checkbox}>
            <input type="checkbox" checked={creative.destination_url_inherited} disabled={disabled} onChange={(e) => update({ destination_url_inherited: e.target.checked })} />
            {t('campaigns.wizard.creative.destination_url.inherit')}
          </label>
        )}
        <TextList
          field="destination_url"
          label={t('campaigns.wizard.creative.destination_url.label')}
          hint={inherits ? t('campaigns.wizard.creative.destination_url.inheritedHint') : t('campaigns.wizard.creative.destination_url.hint')}
          values={creative.destination_url}
          onChange={(destination_url) => update({ destination_url })}
          required
          readOnly={inherits}
          disabled={disabled}
          error={problemOf('destination_url') === 'common.errors.fillRequired' ? 'common.errors.fillRequired' : null}
          reveal={mine.some((p) => p.field?.startsWith('destination_url.'))}
        />
      </div>

      <CallToActionSelect
        goal={goal}
        hasPixel={hasPixel}
        leadFormId={leadFormId}
        value={creative.call_to_action}
        onChange={(call_to_action) => update({ call_to_action })}
        disabled={disabled}
        error={problemOf('call_to_action')}
      />

      <AudienceSelect adAccountAssetId={adAccountAssetId} value={creative.audience_id} onChange={(audience_id) => update({ audience_id })} disabled={disabled} />

      <div className={styles.block}>
        <div className={styles.listHead}>
          <label htmlFor={`${uid}-description`} className={styles.label}>
            {t('campaigns.wizard.creative.description.label')}
            <span aria-hidden="true"> *</span>
          </label>
          {autofill('description', creative.description ? [creative.description] : [])}
        </div>
        <p id={`${uid}-description-hint`} className={styles.hint}>
          {t('campaigns.wizard.creative.description.hint')}
        </p>
        <textarea
          id={`${uid}-description`}
          className={`input ${styles.entryInput}`}
          rows={3}
          maxLength={CREATIVE_TEXT.description.max}
          value={creative.description}
          disabled={disabled}
          aria-invalid={problemOf('description') ? true : undefined}
          aria-describedby={`${uid}-description-hint ${uid}-description-count${descriptionPaste.cutOf(0) ? ` ${uid}-description-cut` : ''}`}
          onPaste={(e) => descriptionPaste.onPaste(0, e)}
          onChange={(e) => {
            descriptionPaste.onEdit(0);
            update({ description: e.target.value });
          }}
        />
        <CharCounter field="description" length={creative.description.length} id={`${uid}-description-count`} />
        <PasteCutNote field="description" cut={descriptionPaste.cutOf(0)} id={`${uid}-description-cut`} />
        {problemOf('description') && (
          <p className={styles.fieldError} role="alert">
            {t(problemMessageKey({ area: 'creatives', code: problemOf('description')! }))}
          </p>
        )}
      </div>
    </div>
  );
}
