import { performance } from 'node:perf_hooks';
import { startLanguageModelStandIn } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import demoCatalog from '../../apps/api/content/demo-catalog.json' with { type: 'json' };
import { openDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { newPglite } from '../../apps/api/src/db/pglite';
import { loadTranscripts, readTranscripts } from '../../apps/api/src/demo/demo-transcripts';
import { importContent } from '../../apps/api/src/modules/academy/import-content';
import { prepareAnswer } from '../../apps/api/src/modules/aladina/ask-question';
import { listNotes } from '../../apps/api/src/modules/aladina/class-notes';
import { rebuildPassages, rebuildTerms } from '../../apps/api/src/modules/aladina/passage-index';
import { retrievePassages } from '../../apps/api/src/modules/aladina/retrieve';
import { OpenAiCompatibleComposer } from '../../apps/api/src/providers/answer-composer/answer-composer';
import evalQuestions from '../../apps/api/test/aladina/eval-questions.json' with { type: 'json' };

/**
 * Aladina's budgets (issue 42): retrieval p95 ≤ 50 ms and a whole stand-in answer p95 ≤ 300 ms on
 * 100 000 transcript passages; her note search p95 ≤ 50 ms on 10 000 notes. On the embedded PGlite
 * (the demo's database; one process), the demo's real passages multiplied to the count with a
 * varied tail, and the evaluation set's questions asked in turn. `npm run aladina -w bench`.
 */
const passagesWanted = Number(process.env.ALADINA_BENCH_PASSAGES ?? 100_000);
const notesWanted = Number(process.env.ALADINA_BENCH_NOTES ?? 10_000);
const rounds = Number(process.env.ALADINA_BENCH_ROUNDS ?? 200);

const p95 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

async function timeEach(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, count); i++) await run(i); // warm-up: plans, stem counts
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

const fillers =
  'ahorro cuota tasa interés plazo gasto ingreso deuda tarjeta inflación dólar banco cuenta resumen presupuesto meta fondo consumo'.split(
    ' ',
  );

async function main() {
  const database = openDatabase({ kind: 'pglite-instance', client: newPglite() });
  const db = database.db;
  await runMigrations(database);
  await db.transaction(async (tx) => {
    await importContent(tx, demoCatalog, { today: new Date() });
    await loadTranscripts(tx, readTranscripts());
  });
  await db.execute(sql`update service_controls set enabled = true where name = 'ALADINA'`);
  const real = await rebuildPassages(db);
  // copies of the real passages, each with a tail of its own, up to the count wanted
  const copies = Math.max(0, Math.ceil((passagesWanted - real) / real));
  const fillerList = `{${fillers.join(',')}}`;
  for (let g = 1; g <= copies; g++) {
    await db.execute(sql`
      insert into aladina_passages (course_id, section_id, kind, start_ms, end_ms, body)
      select course_id, section_id, kind, start_ms, end_ms,
             body || ' ' || (${fillerList}::text[])[1 + ((id + ${g}) % ${fillers.length})] || ' ' || ${`variante ${g}`}
        from aladina_passages where id <= ${real}
       limit ${passagesWanted - real - (g - 1) * real}`);
  }
  await rebuildTerms(db);
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from aladina_passages`);
  const passages = Number(rows[0]?.n ?? 0);

  const { rows: users } = await db.execute<{ id: string }>(sql`
    insert into users (email, name, subscription_end_date)
    values ('bench-aladina@alcancia.local', 'Bench', (now() + interval '30 days')::date)
    returning id`);
  const userId = users[0]?.id ?? '';
  await db.execute(sql`
    insert into class_notes (user_id, course_id, section_id, at_seconds, body)
    select ${userId}, s.course_id, s.id, (g * 7) % 300,
           'Nota ' || g || ': revisar ' || (${fillerList}::text[])[1 + (g % ${fillers.length})] || ' y comparar el crédito'
      from generate_series(1, ${notesWanted}) g
      join lateral (select id, course_id from course_sections where type = 'CLASS' order by id offset (g % 40) limit 1) s on true`);

  const questions = evalQuestions.map((q) => q.question);
  const retrieval = await timeEach(rounds, (i) =>
    retrievePassages(db, questions[i % questions.length] ?? ''),
  );

  const model = await startLanguageModelStandIn();
  const composer = new OpenAiCompatibleComposer({ baseUrl: model.url, model: 'bench', apiKey: model.apiKey });
  const answers = await timeEach(Math.min(rounds, 100), async (i) => {
    const prepared = await prepareAnswer(
      db,
      composer,
      { timeoutMs: 5000 },
      userId,
      questions[i % questions.length],
    );
    for await (const _ of prepared.events(new AbortController().signal)) {
      // read to the end, as the route writes it
    }
  });
  await model.close();

  const words = ['credito', 'tasa', 'ahorro', 'Nota 77', 'inflacion', 'resumen'];
  const notes = await timeEach(rounds, (i) => listNotes(db, userId, { q: words[i % words.length] }));
  await database.close();

  const row = (name: string, samples: number[], budget: number) =>
    `${name}: median ${median(samples).toFixed(1)} ms, p95 ${p95(samples).toFixed(1)} ms (budget ${budget} ms) ${p95(samples) <= budget ? 'OK' : 'OVER'}`;
  const report = [
    `Aladina bench on PGlite: ${passages} passages (${real} real), ${notesWanted} notes of one learner, ${rounds} rounds`,
    row('retrieval', retrieval, 50),
    row('stand-in answer (retrieval, guards, model over HTTP, stored question)', answers, 300),
    row('note search', notes, 50),
  ].join('\n');
  process.stdout.write(`${report}\n`);
}

await main();
