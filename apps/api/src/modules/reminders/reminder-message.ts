import { sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction';

export interface ReminderMessage {
  title: string;
  body: string;
  /** a path of the web app: where the notification or the link opens */
  url: string;
}

const seg = encodeURIComponent;

/**
 * The day's reminder, in Spanish and short: the class to continue (the course she touched last and
 * has not finished, at its last section), else her weekly goal with this week's progress, else an
 * invitation to the academy.
 */
export async function composeReminder(db: Db, userId: string, weekStart: string): Promise<ReminderMessage> {
  const course = await db.execute<{ course_id: string; name: string; section_id: string | null }>(sql`
    select cp.course_id, c.name, cp.last_viewed_section_id as section_id
      from course_progress cp join courses c on c.id = cp.course_id
     where cp.user_id = ${userId} and cp.finished_at is null
     order by cp.updated_at desc limit 1`);
  const last = course.rows[0];
  if (last) {
    return {
      title: 'Seguí donde quedaste',
      body: `Tu próxima clase de «${last.name}» te espera. Con unos minutos hoy avanzás.`,
      url: last.section_id
        ? `/academy/${seg(last.course_id)}/${seg(last.section_id)}`
        : `/academy/${seg(last.course_id)}`,
    };
  }
  const goal = await db.execute<{ kind: 'MINUTES' | 'CLASSES'; target: number; done: number }>(sql`
    select g.kind, g.target,
           coalesce((select case when g.kind = 'MINUTES' then sum(d.seconds) / 60 else sum(d.classes) end
                       from learning_days d where d.user_id = g.user_id and d.day >= ${weekStart}::date), 0)::int as done
      from weekly_goals g where g.user_id = ${userId}`);
  const week = goal.rows[0];
  if (week) {
    const unit = week.kind === 'MINUTES' ? 'minutos' : 'clases';
    const body =
      week.done >= week.target
        ? `Ya cumpliste tu meta de la semana (${week.target} ${unit}). Una clase más suma.`
        : `Tu meta de la semana: ${week.target} ${unit}. Llevás ${week.done}. Un ratito hoy te acerca.`;
    return { title: 'Tu meta de la semana', body, url: '/novedades' };
  }
  return {
    title: 'Tu clase de hoy',
    body: 'Una clase corta hoy te acerca a tus metas con la plata.',
    url: '/academy',
  };
}
