// /package-builder/results/{id} and /package-builder/results/{id}/{slug} (spec 3 §2 "Package
// results", "Routes"): the package's state — building (polled every 5 s), failed, done or expired —
// and, when built, its variation cards. A slug opens that variation: in a drawer on wide screens,
// as a full page at 991 px or less (both on the same URL; the CSS shows the page before any script
// runs, the drawer follows once the width is known). Opening and closing a variation push and pop
// the URL, so Back closes it.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { Package, Variation } from '../../../lib/contracts/packages';
import type { SupportedCrm } from '../../../lib/contracts/integrations';
import { getPackage } from '../../../lib/api/packages';
import { listSupportedCrms } from '../../../lib/api/integrations';
import { ApiError } from '../../../lib/api/client';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { decodeSlugParam, distinctEventTitles, fewerVariations, isBuilding, PB, variationMatchesSlug, variationSlug, WIDE_QUERY } from '../../../lib/packages/rules';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { errorText, formatDay, formatNumber } from '../format';
import { StatusBadge } from '../StatusBadge';
import { CrmExportButton } from './CrmExportButton';
import { BuildingPanel, ExpiredNotice, FailedPanel } from './StatePanels';
import { VariationCard } from './VariationCard';
import { VariationDetail } from './VariationDetail';
import { VariationDrawer } from './VariationDrawer';
import styles from './Results.module.css';

export interface PackageResultsScreenProps {
  i18n: IslandI18n;
  /** null: the id in the URL is not a package id at all. */
  packageId: number | null;
  /** The variation slug of the URL, if any. */
  slug: string | null;
  /** The package as the server read it (undefined: loaded here). */
  initial?: Package | null;
  /** The server's error code when it could not read it. */
  initialError?: string | null;
  currency: string;
}

export default function PackageResultsScreen({ i18n, ...props }: PackageResultsScreenProps) {
  return (
    <I18nIsland i18n={i18n}>
      <Results {...props} />
    </I18nIsland>
  );
}

const DRAWER_ENTRY = 'encorePackageVariation';

const basePath = (id: number) => `/package-builder/results/${id}`;
const variationPath = (id: number, v: Variation) => `${basePath(id)}/${encodeURIComponent(v.slug || variationSlug(v.title))}`;

/** The slug of a results path (undefined when the path is not this package's), percent-decoded. */
function slugOf(pathname: string, id: number): string | null {
  const rest = pathname.replace(/\/+$/, '').slice(basePath(id).length);
  if (!rest.startsWith('/')) return null;
  return decodeSlugParam(rest.slice(1));
}

function findVariation(pkg: Package | null, slug: string | null): Variation | null {
  if (!pkg?.content || !slug) return null;
  return pkg.content.find((v) => variationMatchesSlug(v, slug)) ?? null;
}

function Results({ packageId, slug: initialSlug, initial, initialError, currency }: Omit<PackageResultsScreenProps, 'i18n'>) {
  const { t, i18n } = useTranslation();
  const [pkg, setPkg] = useState<Package | null>(initial ?? null);
  const [error, setError] = useState<string | null>(packageId === null ? 'error.common.notFound' : (initialError ?? null));
  const [loading, setLoading] = useState(initial === undefined && packageId !== null);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const [slug, setSlug] = useState<string | null>(decodeSlugParam(initialSlug));
  const [wide, setWide] = useState<boolean | null>(null);
  const [readyNotice, setReadyNotice] = useState(false);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  // spec 3 §4 "supported CRMs load on start", §6: the External CRM export needs one of them.
  const [crms, setCrms] = useState<SupportedCrm[]>([]);
  const [crmsVersion, setCrmsVersion] = useState(0);
  useEffect(() => {
    const c = new AbortController();
    listSupportedCrms(c.signal)
      .then((list) => setCrms(list.filter((crm) => crm.integrations.length > 0)))
      .catch(() => setCrms([]));
    return () => c.abort();
  }, [crmsVersion]);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (packageId === null) return;
      try {
        const next = await getPackage(packageId, signal);
        setPkg((prev) => {
          if (prev && isBuilding(prev.status) && !isBuilding(next.status)) setReadyNotice(next.status === 'done');
          return next;
        });
        setError(null);
        setCheckedAt(new Date());
      } catch (err) {
        if (err instanceof ApiError && err.cancelled) return;
        setError(err instanceof ApiError && err.code.startsWith('error.') ? err.code : 'load');
      } finally {
        setLoading(false);
      }
    },
    [packageId],
  );

  useEffect(() => {
    if (initial !== undefined) return;
    const c = new AbortController();
    void load(c.signal);
    return () => c.abort();
  }, [initial, load]);

  // spec 3 §4: INITIALIZING and INPROGRESS are polled every 5 s.
  const building = pkg ? isBuilding(pkg.status) : false;
  useEffect(() => {
    if (!building) return;
    const c = new AbortController();
    const timer = setTimeout(() => void load(c.signal), PB.pollMs);
    return () => {
      clearTimeout(timer);
      c.abort();
    };
  }, [building, pkg, load]);

  // The width decides drawer or page (spec 3 §9 wide breakpoint 991 px); Back and Forward move the slug.
  useEffect(() => {
    const media = window.matchMedia(WIDE_QUERY);
    const sync = () => setWide(media.matches);
    sync();
    media.addEventListener('change', sync);
    const onPop = () => packageId !== null && setSlug(slugOf(location.pathname, packageId));
    window.addEventListener('popstate', onPop);
    return () => {
      media.removeEventListener('change', sync);
      window.removeEventListener('popstate', onPop);
    };
  }, [packageId]);

  const variation = findVariation(pkg, slug);

  // On a narrow screen the opened variation is a page: its heading takes the focus.
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const openedHere = useRef(false);
  useEffect(() => {
    if (openedHere.current && variation && wide === false) detailHeading.current?.focus();
    openedHere.current = false;
  }, [variation, wide]);

  const open = (v: Variation) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0 || packageId === null) return;
    e.preventDefault();
    history.pushState({ [DRAWER_ENTRY]: true }, '', variationPath(packageId, v));
    openedHere.current = true;
    setSlug(v.slug || variationSlug(v.title));
  };
  const close = () => {
    if (packageId === null) return;
    setSlug(null);
    if ((history.state as Record<string, unknown> | null)?.[DRAWER_ENTRY]) history.back();
    else history.replaceState(null, '', basePath(packageId));
    if (wide === false) requestAnimationFrame(() => pageHeading.current?.focus());
  };

  if (loading) {
    return (
      <p className={styles.muted} role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (!pkg || error === 'error.common.notFound') {
    const notFound = error === 'error.common.notFound' || error === 'error.validation.invalid';
    return (
      <div className={styles.page}>
        <BackLink />
        <div className="alert alert--error" role="alert">
          <div>
            <p>{notFound ? t('packages.results.notFound') : errorText(t, new ApiError(null, error ?? 'load', ''), 'packages.results.loadFailed')}</p>
            {!notFound && (
              <Button variant="secondary" size="sm" className={styles.retry} onClick={() => void load()}>
                {t('packages.results.retry')}
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }

  const built = pkg.status === 'done' || pkg.status === 'expired';
  const crm: ((name: string, nameProblem: boolean) => ReactNode) | undefined =
    crms.length > 0 && variation
      ? (name, nameProblem) => (
          <CrmExportButton crms={crms} pkg={pkg} variation={variation} name={name} nameProblem={nameProblem} onSecretsChanged={() => setCrmsVersion((v) => v + 1)} />
        )
      : undefined;
  const missingVariation = built && slug && !variation;
  const fewer = built ? fewerVariations(pkg) : null;

  return (
    <div className={styles.page} data-detail={variation ? '' : undefined}>
      <div className={styles.overview}>
        <BackLink />
        <header className={styles.header}>
          <div className={styles.headerTitle}>
            <h1 ref={pageHeading} tabIndex={-1} className={styles.title}>
              {pkg.title}
            </h1>
            <StatusBadge status={pkg.status} />
            {pkg.demo && (
              <span className={styles.demoBadge} data-testid="package-demo-badge">
                {t('packages.demo.label')}
              </span>
            )}
          </div>
          <ul className={styles.meta}>
            {pkg.n_customers !== null && (
              <li>
                {t('packages.results.meta.customers', {
                  count: pkg.n_customers,
                  n: formatNumber(pkg.n_customers, i18n.language),
                })}
              </li>
            )}
            <li>{t('packages.results.meta.events', { count: pkg.events.length })}</li>
            <li>{t(`packages.modes.${pkg.targeting_mode}.title`)}</li>
            {pkg.merge_id && <li>{t('packages.results.meta.mergedFrom')}</li>}
            <li>
              {t('packages.results.meta.created', {
                date: formatDay(pkg.created_at),
              })}
            </li>
            {pkg.status === 'done' && pkg.expires_at && (
              <li>
                {t('packages.results.meta.expires', {
                  date: formatDay(pkg.expires_at),
                })}
              </li>
            )}
          </ul>
          {pkg.events.length > 0 && <p className={styles.events}>{distinctEventTitles(pkg.events).join(' · ')}</p>}
        </header>

        {pkg.demo && (
          <p className="alert alert--warning" data-testid="package-demo-notice">
            <span>
              <strong>{t('packages.demo.label')}</strong>
              {t('packages.demo.resultsNotice')}
            </span>
          </p>
        )}
        {error && (
          <p className="alert alert--error" role="alert">
            {errorText(t, new ApiError(null, error, ''), 'packages.results.loadFailed')}
          </p>
        )}
        {readyNotice && (
          <p className="visually-hidden" role="status">
            {t('packages.results.ready')}
          </p>
        )}

        {building && <BuildingPanel pkg={pkg} checkedAt={checkedAt} />}
        {pkg.status === 'failed' && <FailedPanel pkg={pkg} />}
        {pkg.status === 'expired' && <ExpiredNotice pkg={pkg} />}
        {missingVariation && (
          <p className="alert alert--warning" role="alert">
            {t('packages.results.variationNotFound', { slug })}
          </p>
        )}
        {built && pkg.content && (
          <section aria-labelledby="pkg-variations" className={styles.variations}>
            <h2 id="pkg-variations" className={styles.sectionTitle}>
              {t('packages.results.variations')}
            </h2>
            {fewer && (
              <p className={styles.fewer} data-testid="pkg-fewer-variations">
                {t('packages.results.fewerVariations', {
                  count: fewer.count,
                  requested: fewer.requested,
                  events: t('packages.results.meta.events', { count: pkg.events.length }),
                })}
              </p>
            )}
            <div className={styles.cards}>
              {pkg.content.map((v) => (
                <VariationCard key={v.slug || v.title} variation={v} href={variationPath(pkg.id, v)} currency={currency} onOpen={open(v)} />
              ))}
            </div>
          </section>
        )}
      </div>

      {variation && (
        // At 991 px or less the variation is a page of its own (shown by CSS, also before hydration).
        <div className={styles.detailPage}>
          <a
            href={basePath(pkg.id)}
            className={styles.back}
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
          >
            <Icon name="arrowLeft" size={16} />
            {t('packages.variation.back')}
          </a>
          <VariationDetail pkg={pkg} variation={variation} currency={currency} variant="page" headingRef={detailHeading} crm={crm} />
        </div>
      )}
      {variation && wide === true && <VariationDrawer pkg={pkg} variation={variation} currency={currency} onClose={close} crm={crm} />}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <a href="/package-builder" className={styles.back}>
      <Icon name="arrowLeft" size={16} />
      {t('packages.results.back')}
    </a>
  );
}
