import {
  type KeptClassesAccessRequest,
  type KeptClassesAccessResponse,
  keptClassesAccessRequestSchema,
  keptClassesAccessResponseSchema,
} from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { getCourseStructure } from './course-structure';
import { isAccessible, loadViewer } from './viewer';

/**
 * Which of the classes her device keeps she may still play (issue 44, decision 0362): the class
 * is still in its published course and she may open the course (her plan, purchase or the
 * course being free) — the course viewer's own rule. The device deletes the others.
 */
export async function keptClassesAccess(
  app: FastifyInstance,
  userId: string,
  { classes }: KeptClassesAccessRequest,
): Promise<KeptClassesAccessResponse> {
  const viewer = await loadViewer(app.db, userId);
  const answers: KeptClassesAccessResponse['classes'] = [];
  for (const { courseId, sectionId } of classes) {
    const structure = await getCourseStructure(app.db, courseId);
    const section = structure?.sectionsById.get(sectionId);
    const allowed =
      !!structure && !!section && section.type !== 'EMPTY' && isAccessible(structure.course, viewer);
    answers.push({ courseId, sectionId, allowed });
  }
  return { classes: answers };
}

/** POST /academy/offline/access — asked by her device when it is online (the body lists her kept classes). */
export const keptClassesAccessRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/offline/access',
    {
      schema: {
        tags: ['academy'],
        summary: 'Qué clases guardadas sin conexión puede seguir viendo',
        security: [{ bearerAuth: [] }],
        body: keptClassesAccessRequestSchema,
        response: { 200: keptClassesAccessResponseSchema },
      },
      bodyLimit: 32 * 1024,
    },
    async (request) => keptClassesAccess(app, requireUserId(request), request.body),
  );
};
