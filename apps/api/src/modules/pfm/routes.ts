import {
  pfmAccountInputSchema,
  pfmAccountSchema,
  pfmCardInputSchema,
  pfmCardSchema,
  pfmCuotasOContadoInputSchema,
  pfmCuotasOContadoSchema,
  pfmIdParamsSchema,
  pfmMovementInputSchema,
  pfmMovementListSchema,
  pfmMovementPatchSchema,
  pfmMovementSchema,
  pfmMovementsQuerySchema,
  pfmOverviewSchema,
  pfmPurchaseInputSchema,
  pfmPurchaseSchema,
  pfmRatesSchema,
  pfmRuleInputSchema,
  pfmRuleSchema,
  pfmStatementParamsSchema,
  pfmStatementPaymentInputSchema,
  pfmStatementSchema,
  pfmStatementsSchema,
  pfmTotalsQuerySchema,
  pfmTotalsSchema,
} from '@alcancia/contract/pfm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAccount, createCard, createRule, deleteAccount, deleteCard, deleteRule } from './accounts';
import { cuotasOContado } from './cuotas-o-contado';
import { addMovement, listMovements, recategorize } from './movements';
import { herOverview } from './overview';
import { pfmLimit, requirePfmUser } from './pfm-access';
import { addPurchase } from './purchases';
import { currentRates, herTotals } from './rates';
import { comingStatements, payStatement } from './statements';

const tags = ['pfm'];
const security = [{ bearerAuth: [] }];

/**
 * Mis Cuentas (issue 43), under /api/pfm: her accounts, cards, movements, rules, purchases in
 * cuotas and statements, totals at a rate, calculators. Every route takes her id from the session
 * and answers only while the PFM service control is on; another person's id is a 404.
 */
export const pfmModule: FastifyPluginAsyncZod = async (app) => {
  const write = pfmLimit(app.config, 'write');

  app.get(
    '/overview',
    {
      schema: {
        tags,
        security,
        summary: 'Mis Cuentas: cuentas, tarjetas, reglas y categorías',
        response: { 200: pfmOverviewSchema },
      },
    },
    async (request) => herOverview(app.db, await requirePfmUser(app, request)),
  );

  app.post(
    '/accounts',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Nueva cuenta (ARS o USD)',
        body: pfmAccountInputSchema,
        response: { 201: pfmAccountSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAccount(app.db, await requirePfmUser(app, request), request.body)),
  );

  app.delete(
    '/accounts/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Borrar una cuenta y sus movimientos',
        params: pfmIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, await requirePfmUser(app, request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/cards',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Nueva tarjeta (día de cierre y de vencimiento)',
        body: pfmCardInputSchema,
        response: { 201: pfmCardSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCard(app.db, await requirePfmUser(app, request), request.body)),
  );

  app.delete(
    '/cards/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Borrar una tarjeta y sus compras',
        params: pfmIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCard(app.db, await requirePfmUser(app, request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/movements',
    {
      schema: {
        tags,
        security,
        summary: 'Sus movimientos de un mes',
        querystring: pfmMovementsQuerySchema,
        response: { 200: pfmMovementListSchema },
      },
    },
    async (request) => listMovements(app.db, await requirePfmUser(app, request), request.query.month),
  );

  app.post(
    '/movements',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Anotar un movimiento (carga rápida)',
        body: pfmMovementInputSchema,
        response: { 201: pfmMovementSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addMovement(app.db, await requirePfmUser(app, request), request.body)),
  );

  app.patch(
    '/movements/:id',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Cambiar la categoría de un movimiento',
        params: pfmIdParamsSchema,
        body: pfmMovementPatchSchema,
        response: { 200: pfmMovementSchema },
      },
    },
    async (request) =>
      recategorize(app.db, await requirePfmUser(app, request), request.params.id, request.body.category),
  );

  app.post(
    '/rules',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Nueva regla: si la descripción contiene…, la categoría es…',
        body: pfmRuleInputSchema,
        response: { 201: pfmRuleSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(app.db, await requirePfmUser(app, request), request.body)),
  );

  app.delete(
    '/rules/:id',
    {
      config: write,
      schema: { tags, security, summary: 'Borrar una regla', params: pfmIdParamsSchema },
    },
    async (request, reply) => {
      await deleteRule(app.db, await requirePfmUser(app, request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/cards/:id/purchases',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Una compra en cuotas con la tarjeta: cada cuota en su resumen',
        params: pfmIdParamsSchema,
        body: pfmPurchaseInputSchema,
        response: { 201: pfmPurchaseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await addPurchase(app.db, await requirePfmUser(app, request), request.params.id, request.body)),
  );

  app.get(
    '/cards/:id/statements',
    {
      schema: {
        tags,
        security,
        summary: 'Próximos resúmenes de la tarjeta',
        params: pfmIdParamsSchema,
        response: { 200: pfmStatementsSchema },
      },
    },
    async (request) => comingStatements(app.db, await requirePfmUser(app, request), request.params.id),
  );

  app.post(
    '/cards/:id/statements/:closingDate/payment',
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Pagar un resumen cerrado: queda saldado',
        params: pfmStatementParamsSchema,
        body: pfmStatementPaymentInputSchema,
        response: { 200: pfmStatementSchema },
      },
    },
    async (request) =>
      payStatement(
        app.db,
        await requirePfmUser(app, request),
        request.params.id,
        request.params.closingDate,
        request.body,
      ),
  );

  app.get(
    '/rates',
    {
      schema: {
        tags,
        security,
        summary: 'Cotizaciones del dólar con fuente y hora',
        response: { 200: pfmRatesSchema },
      },
    },
    async (request) => {
      await requirePfmUser(app, request);
      return currentRates(app);
    },
  );

  app.get(
    '/totals',
    {
      schema: {
        tags,
        security,
        summary: 'Sus totales en pesos y en dólares a la cotización elegida',
        querystring: pfmTotalsQuerySchema,
        response: { 200: pfmTotalsSchema },
      },
    },
    async (request) => herTotals(app, await requirePfmUser(app, request), request.query.rate),
  );

  app.post(
    '/calculators/cuotas-o-contado',
    {
      schema: {
        tags,
        security,
        summary: '¿Cuotas o contado? Valor presente de las cuotas contra el precio de contado',
        body: pfmCuotasOContadoInputSchema,
        response: { 200: pfmCuotasOContadoSchema },
      },
    },
    async (request) => {
      await requirePfmUser(app, request);
      return cuotasOContado(request.body);
    },
  );
};
