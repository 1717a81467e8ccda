import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { log, repoRoot, type Settings, timed } from './settings';
import { firstNames, functionWords, lastNames, prefixes, suffixes, topics, vocabulary } from './words';

/** Catalogue shape (scale-independent): 300 full courses plus programs, packs and past events. */
export const catalogue = { courses: 300, programs: 400, packs: 100, events: 4200, sectionsPerCourse: 30 };

export interface DataSummary {
  reused: boolean;
  users: number;
  subscribedUsers: number;
  catalogueItems: number;
  sections: number;
  sectionProgress: number;
  courseProgress: number;
  purchases: number;
  plans: number;
  seconds: number;
}

/**
 * The demo media the API serves itself (apps/api/media): generated items point at these, so the
 * pages the browser audits load same-origin images and videos, as production does (the CSP only
 * allows 'self'). Falls back to a placeholder name when the folder is missing.
 */
function mediaFiles(folder: string, extensions: RegExp, fallback: string): string[] {
  try {
    const files = readdirSync(path.join(repoRoot, 'apps/api/media', folder))
      .filter((f) => extensions.test(f))
      .sort();
    return files.length ? files : [fallback];
  } catch {
    return [fallback];
  }
}

const marker = (settings: Settings) => JSON.stringify({ scale: settings.scale, seed: settings.seed, v: 1 });

/** Runs `work` with a client of the bench database; always releases it. */
export async function withBenchClient<T>(settings: Settings, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function existingMarker(settings: Settings): Promise<string | null> {
  const admin = new pg.Client({ connectionString: settings.adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
      settings.databaseName,
    ]);
    if (!rowCount) return null;
  } finally {
    await admin.end();
  }
  return withBenchClient(settings, async (client) => {
    const { rows } = await client
      .query<{ value: string }>(`select value from app_meta where key = 'bench_data'`)
      .catch(() => ({ rows: [] as { value: string }[] }));
    return rows[0]?.value ?? null;
  });
}

async function migrate(settings: Settings): Promise<void> {
  const handle = openDatabase({ kind: 'pg', url: settings.databaseUrl, poolSize: 1 });
  try {
    await runMigrations(handle);
  } finally {
    await handle.close();
  }
}

async function recreateDatabase(settings: Settings): Promise<void> {
  const admin = new pg.Client({ connectionString: settings.adminUrl });
  await admin.connect();
  try {
    const name = pg.escapeIdentifier(settings.databaseName);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Drops the primary keys and indexes of `tables`; returns the statements that re-create them. */
async function dropIndexes(client: pg.Client, tables: string[]): Promise<string[]> {
  const { rows: constraints } = await client.query<{ table: string; name: string; definition: string }>(
    `select t.relname as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.conrelid = any($1::regclass[]) and c.contype in ('p', 'u')`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select x.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class x on x.oid = i.indexrelid
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const c of constraints) {
    await client.query(
      `alter table ${pg.escapeIdentifier(c.table)} drop constraint ${pg.escapeIdentifier(c.name)}`,
    );
  }
  for (const i of indexes) await client.query(`drop index ${pg.escapeIdentifier(i.name)}`);
  return [
    ...constraints.map(
      (c) =>
        `alter table ${pg.escapeIdentifier(c.table)} add constraint ${pg.escapeIdentifier(c.name)} ${c.definition}`,
    ),
    ...indexes.map((i) => i.definition),
  ];
}

async function counts(client: pg.Client): Promise<Omit<DataSummary, 'reused' | 'seconds'>> {
  const { rows } = await client.query<Record<string, string>>(`
    select (select count(*) from users) as users,
           (select count(*) from users where subscription_end_date >= current_date) as subscribed,
           (select count(*) from courses) as catalogue,
           (select count(*) from course_sections) as sections,
           (select count(*) from section_progress) as section_progress,
           (select count(*) from course_progress) as course_progress,
           (select count(*) from user_purchases) as purchases,
           (select count(*) from subscription_plans) as plans`);
  const r = rows[0] ?? {};
  const n = (key: string) => Number(r[key] ?? 0);
  return {
    users: n('users'),
    subscribedUsers: n('subscribed'),
    catalogueItems: n('catalogue'),
    sections: n('sections'),
    sectionProgress: n('section_progress'),
    courseProgress: n('course_progress'),
    purchases: n('purchases'),
    plans: n('plans'),
  };
}

/**
 * Creates `alcancia_bench` afresh, applies the API's real migrations and loads the data set with
 * set-based INSERT … SELECT over generate_series. Every "random" choice is a hash of the row
 * number and the seed (hashint8extended), so the same BENCH_SEED gives the same data whatever the
 * plan or the order rows are produced in.
 */
export async function generateData(settings: Settings): Promise<DataSummary> {
  const started = performance.now();
  if (settings.reuseData && (await existingMarker(settings)) === marker(settings)) {
    log(`   reusing ${settings.databaseName} (same scale and seed; BENCH_REUSE_DATA=1)`);
    await timed('apply new migrations, if any (apps/api runMigrations)', () => migrate(settings));
    const summary = await withBenchClient(settings, counts);
    return { ...summary, reused: true, seconds: (performance.now() - started) / 1000 };
  }

  await timed('create database', () => recreateDatabase(settings));
  await timed('apply migrations (apps/api runMigrations)', () => migrate(settings));

  const users = Math.max(1000, Math.round(100_000 * settings.scale));
  const { courses, programs, packs, events } = catalogue;
  const summary = await withBenchClient(settings, async (client) => {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    // A bulk load of generated, consistent data: skip FK triggers and WAL flushes while loading.
    await q('set session_replication_role = replica');
    await q('set synchronous_commit = off');
    await q(`set work_mem = '256MB'`);
    await q(`set maintenance_work_mem = '512MB'`);
    await q(`
      create function bench_rand(k bigint, salt int) returns float8
        language sql immutable parallel safe
        as $$ select (hashint8extended(k, ${settings.seed}::bigint * 100003 + salt) & 4503599627370495)::float8
                     / 4503599627370496 $$`);
    await q(`
      create function bench_pick(words text[], k bigint, salt int) returns text
        language sql immutable parallel safe
        as $$ select words[1 + floor(bench_rand(k, salt) * array_length(words, 1))::int] $$`);
    await q(`
      create function bench_cap(value text) returns text
        language sql immutable parallel safe
        as $$ select upper(left(value, 1)) || substr(value, 2) $$`);
    // Text: content words with a Zipf-like skew (word i about 1/i as likely), function words between.
    const functionWordArray = `array[${functionWords.map((w) => `'${w}'`).join(', ')}]`;
    await q(`
      create function bench_text(words text[], k bigint, salt int, n int) returns text
        language sql immutable parallel safe
        as $$ select array_to_string(array(
                select case when bench_rand(k * 1000 + j, salt + 500) < 0.4
                            then bench_pick(${functionWordArray}, k * 1000 + j, salt + 501)
                            else words[least(array_length(words, 1),
                                             floor(exp(bench_rand(k * 1000 + j, salt) * ln(array_length(words, 1))))::int)]
                       end
                  from generate_series(1, n) j), ' ') $$`);

    await timed('reference data, plans, 5 000 catalogue items, modules, sections', async () => {
      await q(`
        insert into content_categories (code, label, color, background_color, sort_order) values
          ('ORDER', 'Orden', '#5B3CC4', '#EFEAFF', 1), ('INVESTMENT', 'Inversión', '#0E7A5F', '#E3F6EF', 2),
          ('DEBTS', 'Deudas', '#B3261E', '#FDECEA', 3), ('ENTREPRENEURSHIP', 'Emprendimiento', '#8A5A00', '#FFF3D6', 4)
        on conflict do nothing`);
      await q(`
        insert into content_levels (code, label, color, background_color, sort_order) values
          ('BEGINNER', 'Inicial', '#0E7A5F', '#E3F6EF', 1), ('INTERMEDIATE', 'Intermedio', '#8A5A00', '#FFF3D6', 2),
          ('ADVANCED', 'Avanzado', '#B3261E', '#FDECEA', 3)
        on conflict do nothing`);
      await q(`
        insert into content_tags (code, label, badge) values
          ('free', 'Gratis', 'GRATIS'), ('new', 'Nuevo', 'NUEVO'), ('popular', 'Popular', 'MÁS VISTO'),
          ('recommended', 'Recomendado', 'RECOMENDADO'), ('offer', 'Oferta', null), ('first_steps', 'Primeros pasos', null)
        on conflict do nothing`);
      await q(`
        insert into subscription_plans (id, name, weight, display_metadata, private_services, active) values
          ('plan-mensual', 'Mensual', 1, '{"title":"Plan mensual","benefits":["Todos los cursos","Eventos en vivo"],"recommended":false,"order":1}', '{}', true),
          ('plan-anual', 'Anual', 2, '{"title":"Plan anual","benefits":["Todos los cursos","Eventos en vivo","Dos meses bonificados"],"recommended":true,"order":2}', '{}', true),
          ('plan-premium', 'Premium', 3, '{"title":"Plan premium","benefits":["Todos los cursos","Comunidad privada","Consultas"],"recommended":false,"order":3}', '{COMMUNITY}', true)
        on conflict do nothing`);

      await q(
        `
        insert into courses (id, kind, name, description, long_description, thumbnail, thumbnail_alternative,
                             description_alternative, category_code, level_code, tags, is_free, audience,
                             price_centavos, regular_price_centavos, max_installments, saleable_start_date,
                             saleable_end_date, event_series, sort_order, published, modules_amount, classes_amount)
        select k.id, k.kind,
               trim(bench_pick($1, g, 1) || ' ' || bench_pick($2, g, 2) || ' ' || bench_pick($3, g, 3)),
               bench_cap(bench_text($4, g, 4, 14 + floor(bench_rand(g, 5) * 10)::int)) || '.',
               bench_cap(bench_text($4, g, 6, 50 + floor(bench_rand(g, 7) * 60)::int)) || '.',
               '/media/thumbnails/' || bench_pick($5, g, 18),
               case when k.kind in ('PROGRAM', 'PACK') then '/media/thumbnails/' || bench_pick($5, g, 19) end,
               case when k.kind in ('PROGRAM', 'PACK') then bench_cap(bench_text($4, g, 8, 10)) || '.' end,
               (array['ORDER','INVESTMENT','DEBTS','ENTREPRENEURSHIP'])[1 + floor(bench_rand(g, 9) * 4)::int],
               (array['BEGINNER','INTERMEDIATE','ADVANCED'])[1 + floor(bench_rand(g, 10) * 3)::int],
               k.tags, 'free' = any(k.tags), 'ALL',
               case when k.kind in ('PROGRAM', 'PACK') then 1500000 + floor(bench_rand(g, 11) * 65) ::int * 100000 end,
               case when k.kind in ('PROGRAM', 'PACK') and bench_rand(g, 12) < 0.4
                    then 1500000 + floor(bench_rand(g, 11) * 65)::int * 100000 + 1000000 end,
               case when k.kind in ('PROGRAM', 'PACK') then 6 else 1 end,
               case when k.kind in ('PROGRAM', 'PACK') then current_date - 30 + case when k.sale_window = 'BEFORE' then 45 else 0 end end,
               case when k.kind in ('PROGRAM', 'PACK') then current_date + case when k.sale_window = 'AFTER' then -10 else 60 end end,
               case when k.kind = 'EVENT' then (array['FINANCIAL_NEWS','INVESTMENT_TRENDS','MASTERCLASSES','INTERVIEWS_AND_CONSULTATIONS'])[1 + floor(bench_rand(g, 13) * 4)::int] end,
               floor(bench_rand(g, 14) * 1000)::int,
               bench_rand(g, 15) >= 0.02,
               case when k.kind = 'COURSE' then case when k.n % 2 = 1 then 5 else 6 end else 0 end,
               case when k.kind = 'COURSE' then ${catalogue.sectionsPerCourse} when k.kind = 'EVENT' then 1 else 0 end
          from generate_series(1, ${courses + programs + packs + events}) g
          cross join lateral (
            select case when g <= ${courses} then 'COURSE'
                        when g <= ${courses + programs} then 'PROGRAM'
                        when g <= ${courses + programs + packs} then 'PACK' else 'EVENT' end as kind,
                   case when g <= ${courses} then g
                        when g <= ${courses + programs} then g - ${courses}
                        when g <= ${courses + programs + packs} then g - ${courses + programs}
                        else g - ${courses + programs + packs} end as n) t
          cross join lateral (
            select case t.kind when 'COURSE' then 'curso-' || lpad(t.n::text, 4, '0')
                               when 'PROGRAM' then 'programa-' || lpad(t.n::text, 4, '0')
                               when 'PACK' then 'pack-' || lpad(t.n::text, 3, '0')
                               else 'evento-' || lpad(t.n::text, 5, '0') end as id,
                   t.kind, t.n,
                   case when t.kind in ('COURSE', 'EVENT') and bench_rand(g, 16) < 0.05 then array['free']
                        when bench_rand(g, 16) < 0.2 then array['new']
                        when bench_rand(g, 16) < 0.35 then array['popular']
                        when bench_rand(g, 16) < 0.45 then array['recommended', 'popular']
                        when bench_rand(g, 16) < 0.5 then array['offer']
                        else '{}'::text[] end as tags,
                   case when bench_rand(g, 17) < 0.7 then 'OPEN' when bench_rand(g, 17) < 0.85 then 'BEFORE'
                        else 'AFTER' end as sale_window) k`,
        [
          prefixes,
          topics,
          suffixes,
          vocabulary,
          mediaFiles('thumbnails', /\.(svg|webp|png|jpe?g)$/, 'placeholder.svg'),
        ],
      );

      // 300 courses × 30 sections: odd courses 5 modules of 6 sections, even ones 6 modules of 5.
      await q(`
        create temp table bench_sections as
        select c as course_no, (m - 1) * (30 / k.mcount) + s as ordinal,
               'curso-' || lpad(c::text, 4, '0') as course_id,
               'curso-' || lpad(c::text, 4, '0') || '-m' || m as module_id,
               'curso-' || lpad(c::text, 4, '0') || '-m' || m || '-s' || s as id,
               m, s, k.mcount,
               case when s = 30 / k.mcount and bench_rand(c * 1000 + m * 10 + s, 20) < 0.3 then 'DOWNLOADABLE_MATERIAL'
                    when s > 1 and bench_rand(c * 1000 + m * 10 + s, 21) < 0.02 then 'EMPTY'
                    else 'CLASS' end as type,
               180 + floor(bench_rand(c * 1000 + m * 10 + s, 22) * 1020)::int as duration_seconds
          from generate_series(1, ${courses}) c
          cross join lateral (select case when c % 2 = 1 then 5 else 6 end as mcount) k
          cross join lateral generate_series(1, k.mcount) m
          cross join lateral generate_series(1, 30 / k.mcount) s`);
      await q('create index on bench_sections (course_no, ordinal)');
      await q('analyze bench_sections');
      await q(
        `
        insert into course_modules (id, course_id, name, "order")
        select distinct on (module_id) module_id, course_id,
               'Módulo ' || m || ': ' || bench_cap(bench_pick($1, course_no * 10 + m, 30)), m
          from bench_sections order by module_id`,
        [topics],
      );
      await q(
        `
        insert into course_sections (id, module_id, course_id, name, "order", type, duration_seconds,
                                     section_url, mime_type, file_extension)
        select id, module_id, course_id,
               case type when 'DOWNLOADABLE_MATERIAL' then 'Material descargable: planilla de ' || bench_pick($1, course_no * 100 + ordinal, 31)
                         when 'EMPTY' then 'Próximamente'
                         else 'Clase ' || ordinal || ': ' || bench_cap(bench_text($2, course_no * 100 + ordinal, 32, 4)) end,
               s, type,
               case type when 'EMPTY' then 0 else duration_seconds end,
               case type when 'CLASS' then '/media/videos/' || bench_pick($3, course_no * 100 + ordinal, 33)
                         when 'DOWNLOADABLE_MATERIAL' then 'materiales/' || bench_pick($4, course_no * 100 + ordinal, 34) end,
               case type when 'CLASS' then 'video/mp4' when 'DOWNLOADABLE_MATERIAL' then
                 case when bench_pick($4, course_no * 100 + ordinal, 34) like '%.pdf' then 'application/pdf'
                      else 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' end end,
               case type when 'DOWNLOADABLE_MATERIAL' then
                 case when bench_pick($4, course_no * 100 + ordinal, 34) like '%.pdf' then 'pdf' else 'xlsx' end end
          from bench_sections order by id`,
        [
          topics,
          vocabulary,
          mediaFiles('videos', /\.mp4$/, 'clase.mp4'),
          mediaFiles('files/materiales', /\.(pdf|xlsx)$/, 'material.pdf'),
        ],
      );
      await q(`
        update courses c set classes_amount = x.classes
          from (select course_id, count(*) filter (where type <> 'EMPTY') as classes
                  from bench_sections group by course_id) x
         where x.course_id = c.id`);
      await q(
        `
        insert into course_faqs (course_id, question, answer, position)
        select c.id, '¿' || bench_cap(bench_text($1, n * 10 + p, 40, 6)) || '?',
               bench_cap(bench_text($1, n * 10 + p, 41, 25)) || '.', p
          from (select id, row_number() over (order by id) as n from courses where kind in ('COURSE', 'PROGRAM')) c
          cross join generate_series(1, 3) p`,
        [vocabulary],
      );
      await q(`
        insert into pack_items (pack_id, item_id, position)
        select 'pack-' || lpad(p::text, 3, '0'),
               'programa-' || lpad(((((p - 1) * 4 + j) % ${programs}) + 1)::text, 4, '0'), j
          from generate_series(1, ${packs}) p
          cross join lateral generate_series(0, 2 + floor(bench_rand(p, 50) * 3)::int) j`);
    });

    await timed(`${users.toLocaleString('en')} users, subscriptions and purchases`, async () => {
      await q(
        `
        insert into users (id, email, name, country_code, telephone, email_verified_at, subscription_end_date,
                           subscription_plan_id, last_service_origin, private_community_access, origin,
                           created_at, updated_at)
        select md5('bench-user-' || g)::uuid,
               'alumna' || g || '@bench.alcancia.local',
               bench_pick($1, g, 100) || ' ' || bench_pick($2, g, 101),
               'AR', '+54911' || lpad((g % 100000000)::text, 8, '0'),
               now() - make_interval(days => floor(bench_rand(g, 102) * 700)::int),
               case when bench_rand(g, 103) < 0.45 then current_date + 1 + floor(bench_rand(g, 104) * 365)::int
                    when bench_rand(g, 103) < 0.6 then current_date - 1 - floor(bench_rand(g, 104) * 365)::int end,
               case when bench_rand(g, 103) < 0.6 then
                 case when bench_rand(g, 105) < 0.6 then 'plan-mensual' when bench_rand(g, 105) < 0.9 then 'plan-anual'
                      else 'plan-premium' end end,
               case when bench_rand(g, 103) < 0.6 then
                 case when bench_rand(g, 106) < 0.8 then 'CARD' else 'PROMO_CODE' end end,
               bench_rand(g, 107) < 0.01,
               'organic',
               now() - make_interval(days => 700 + floor(bench_rand(g, 108) * 300)::int),
               now() - make_interval(days => floor(bench_rand(g, 109) * 90)::int)
          from generate_series(1, ${users}) g`,
        [firstNames, lastNames],
      );
      await q(`
        insert into user_purchases (user_id, product_type, product_id, source, created_at)
        select md5('bench-user-' || g)::uuid, 'programs',
               'programa-' || lpad((1 + floor(bench_rand(g * 4 + j, 200) * ${programs}))::int::text, 4, '0'),
               'CARD', now() - make_interval(days => floor(bench_rand(g * 4 + j, 201) * 400)::int)
          from generate_series(1, ${users}) g cross join generate_series(1, 2) j
         where bench_rand(g, 202) < 0.12 and (j = 1 or bench_rand(g, 203) < 0.3)
        union all
        select md5('bench-user-' || g)::uuid, 'packs',
               'pack-' || lpad((1 + floor(bench_rand(g, 204) * ${packs}))::int::text, 3, '0'),
               'CARD', now() - make_interval(days => floor(bench_rand(g, 205) * 400)::int)
          from generate_series(1, ${users}) g
         where bench_rand(g, 206) < 0.03
        on conflict do nothing`);
    });

    await timed('progress: course_progress and section_progress', async () => {
      // Building the progress tables' indexes once after the load is several times faster than
      // maintaining them row by row. Their definitions are read from the catalog (so they are
      // exactly the migrations' ones), dropped, and re-created from those definitions below.
      const restore = await dropIndexes(client, ['section_progress', 'course_progress']);
      // Each learner started 1-4 distinct courses and reached a section in each (1..30); the
      // sections before it are complete, the reached one partly seen (all complete at 30). Rows go
      // in in time order, so one learner's rows are spread over the table as in production.
      await q(`
        create temp table bench_slots as
        select md5('bench-user-' || g)::uuid as user_id, g, j,
               ((floor(bench_rand(g, 300) * ${courses})::int + j * 97) % ${courses}) + 1 as course_no,
               1 + floor(bench_rand(g * 8 + j, 301) * 30)::int as reached
          from generate_series(1, ${users}) g
          cross join generate_series(0, 3) j
         where j < 1 + floor(bench_rand(g, 302) * 3.2)::int`);
      await q(`
        insert into section_progress (user_id, section_id, course_id, module_id, viewed_seconds,
                                      complete_fraction, updated_at)
        select s.user_id, b.id, b.course_id, b.module_id,
               case when done then b.duration_seconds else floor(b.duration_seconds * f)::int end,
               case when done then 1 else f end,
               now() - make_interval(mins => floor(bench_rand(s.g * 64 + b.ordinal, 310) * 129600)::int)
          from bench_slots s
          join bench_sections b on b.course_no = s.course_no and b.ordinal <= s.reached and b.type <> 'EMPTY'
          cross join lateral (
            select b.ordinal < s.reached or s.reached = 30 or b.type = 'DOWNLOADABLE_MATERIAL' as done,
                   (0.05 + 0.9 * bench_rand(s.g * 8 + s.j, 311))::real as f) x
         order by 7`);
      // completed_sections: the sections the insert above stored as complete, per (course, reached).
      await q(`
        create temp table bench_completed as
        select r.course_no, r.reached, count(b.id)::int as completed
          from (select distinct course_no, reached from bench_slots) r
          left join bench_sections b on b.course_no = r.course_no and b.ordinal <= r.reached and b.type <> 'EMPTY'
               and (b.ordinal < r.reached or r.reached = 30 or b.type = 'DOWNLOADABLE_MATERIAL')
         group by r.course_no, r.reached`);
      await q(`
        insert into course_progress (user_id, course_id, last_viewed_section_id, completed_sections,
                                     started_at, finished_at, updated_at)
        select s.user_id, b.course_id, b.id, c.completed,
               now() - make_interval(days => 90 + floor(bench_rand(s.g * 8 + s.j, 320) * 300)::int),
               case when s.reached = 30 then now() - make_interval(days => floor(bench_rand(s.g * 8 + s.j, 321) * 90)::int) end,
               now() - make_interval(days => floor(bench_rand(s.g * 8 + s.j, 322) * 90)::int)
          from bench_slots s
          join bench_sections b on b.course_no = s.course_no and b.ordinal = s.reached
          join bench_completed c on c.course_no = s.course_no and c.reached = s.reached
         order by 5`);
      for (const statement of restore) await q(statement);
    });

    await q('drop function bench_cap(text)');
    await q('drop function bench_text(text[], bigint, int, int)');
    await q('drop function bench_pick(text[], bigint, int)');
    await q('drop function bench_rand(bigint, int)');
    await q('set session_replication_role = origin');
    await q(
      `insert into app_meta (key, value) values ('bench_data', $1)
       on conflict (key) do update set value = excluded.value`,
      [marker(settings)],
    );
    // As production would be after autovacuum: statistics fresh, visibility map set.
    await timed('vacuum analyze', () => q('vacuum analyze'));
    // Write the load's dirty pages now, not in a checkpoint during the measurements.
    await timed('checkpoint', () => q('checkpoint'));
    return counts(client);
  });
  return { ...summary, reused: false, seconds: (performance.now() - started) / 1000 };
}
