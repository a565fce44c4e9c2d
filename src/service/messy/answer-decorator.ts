/**
 * What a messy market adds when an answer is served: extra fields on every item (and on the top of
 * every object answer), the items without a usable identity served without it (`id: null`, or
 * no `project_id` key), and the values that do not fit their field in place of the stored null.
 * Filters, sorts and aggregates never see any of this: they run on the stored market, where those
 * items keep their internal keys and those fields are null.
 */
import type { AnswerShape } from '../routes/route';
import type { Db } from '../store/open-store';
import { readMeta } from '../store/open-store';
import { extraFields } from './extra-fields';
import type { AnonymousItems, UnfitSent } from './messy-market';

type Item = Record<string, unknown>;
const isItem = (v: unknown): v is Item => typeof v === 'object' && v !== null && !Array.isArray(v);

export class AnswerDecorator {
  readonly anonymous: AnonymousItems;
  readonly unfit: readonly UnfitSent[];
  private readonly unfitByItem = new Map<string, UnfitSent[]>();

  constructor(db: Db, private readonly seed: number) {
    const raw = readMeta(db, 'messy_anonymous');
    this.anonymous = raw ? (JSON.parse(raw) as AnonymousItems) : { credit: null, project: null, satellite: null, entry: null, countryUpdate: null };
    this.unfit = JSON.parse(readMeta(db, 'messy_unfit') ?? '[]') as UnfitSent[];
    for (const u of this.unfit) {
      const key = `${u.kind}:${u.key}`;
      this.unfitByItem.set(key, [...(this.unfitByItem.get(key) ?? []), u]);
    }
  }

  /** The item with its unfit values served in place of the stored nulls. */
  private withUnfit(out: Item, kind: UnfitSent['kind'], key: unknown): Item {
    for (const u of this.unfitByItem.get(`${kind}:${String(key)}`) ?? []) out[u.field] = u.sent;
    return out;
  }

  private extra(item: Item, kind: string, key: unknown): Item {
    return { ...item, ...extraFields(this.seed, kind, String(key ?? 'none')) };
  }

  private project(p: Item): Item {
    const out = this.withUnfit(this.extra(p, 'project', p.project_id), 'project', p.project_id);
    if (Array.isArray(p.clips)) out.clips = p.clips.map((c) => (isItem(c) ? this.extra(c, 'clip', c.id) : c));
    if (p.project_id === this.anonymous.project) delete out.project_id;
    return out;
  }

  private credit(c: Item): Item {
    const out = this.withUnfit(this.extra(c, 'credit', c.id), 'credit', c.id);
    if (Array.isArray(c.projects)) out.projects = c.projects.map((r) => (isItem(r) ? { ...r, registry_project_url: null } : r));
    if (c.id === this.anonymous.credit) out.id = null;
    return out;
  }

  private entry(e: Item): Item {
    const out = this.extra(e, 'entry', e.id);
    if (e.id === this.anonymous.entry) out.id = null;
    return out;
  }

  private page(body: Item, each: (item: Item, index: number) => Item): Item {
    return { ...body, links: { self: null }, data: Array.isArray(body.data) ? body.data.map((d, i) => (isItem(d) ? each(d, i) : d)) : body.data };
  }

  private top(body: Item, kind: string, key: unknown): Item {
    return this.extra(body, kind, key);
  }

  /** The answer with the messy market's extra fields and anonymous items. */
  decorate(shape: AnswerShape, body: unknown): unknown {
    if (Array.isArray(body)) {
      const kind = shape === 'satellite-list' ? 'satellite' : shape === 'country-updates' ? 'country-update' : 'api-key';
      return body.map((item, i) => {
        if (!isItem(item)) return item;
        const key = item.project_id ?? item.id ?? i;
        const out = this.extra(item, kind, key);
        if (shape === 'satellite-list') this.withUnfit(out, 'satellite', item.project_id);
        if (shape === 'satellite-list' && item.project_id === this.anonymous.satellite) delete out.project_id;
        if (shape === 'country-updates' && item.id === this.anonymous.countryUpdate) out.id = null;
        return out;
      });
    }
    if (!isItem(body)) return body;
    switch (shape) {
      case 'project':
        return this.project(body);
      case 'project-page':
        return this.page(body, (p) => this.project(p));
      case 'project-types':
        return body;
      case 'credit-page':
        return this.page(body, (c) => this.credit(c));
      case 'time-bin-page':
      case 'category-page':
      case 'listing-page':
        return this.page(body, (p, i) => this.extra(p, 'point', p.start ?? p.category ?? i));
      case 'buyer-page':
        return this.page(body, (b) => this.extra(b, 'buyer', b.buyer_name));
      case 'legacy-forensic-page':
        return this.page(body, (l) => this.extra(l, 'legacy', l.id));
      case 'supply-demand':
        return { ...this.top(body, 'supply-demand', 'totals'), data: Array.isArray(body.data) ? body.data.map((d) => (isItem(d) ? this.extra(d, 'period', d.period) : d)) : body.data };
      case 'forensic-feed':
        return { ...this.top(body, 'feed', body.week), entries: Array.isArray(body.entries) ? body.entries.map((e) => (isItem(e) ? this.entry(e) : e)) : body.entries };
      case 'project-forensics':
        return {
          ...this.top(body, 'dossier', body.project_id),
          entries: Array.isArray(body.entries) ? body.entries.map((e) => (isItem(e) ? this.entry(e) : e)) : body.entries,
          memo: isItem(body.memo) ? this.extra(body.memo, 'memo', body.project_id) : body.memo,
          stats: isItem(body.stats) ? this.extra(body.stats, 'stats', body.project_id) : body.stats,
        };
      case 'forensic-diff':
        return { ...this.top(body, 'diff', `${String(body.project_id)}:${String(body.week_date)}`), new_entries: Array.isArray(body.new_entries) ? body.new_entries.map((e) => (isItem(e) ? this.entry(e) : e)) : body.new_entries };
      case 'boundary':
        return {
          ...body,
          x_generated_by: 'boundary-service',
          features: Array.isArray(body.features) ? body.features.map((f) => (isItem(f) && isItem(f.properties) ? { ...f, properties: { ...f.properties, ...extraFields(this.seed, 'feature', String(f.id)) } } : f)) : body.features,
        };
      case 'country':
        return this.top(body, 'country', body.country_code);
      case 'buyer':
        return this.top(body, 'buyer', body.buyer_name);
      case 'buyer-analytics':
        return this.top(body, 'analytics', body.buyer_name);
      case 'api-key':
      case 'api-key-usage':
        return this.top(body, shape, body.id ?? 'usage');
      default:
        return body;
    }
  }
}
