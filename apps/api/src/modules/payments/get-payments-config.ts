import { paymentsConfigSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireGateway } from './payments-core';

/**
 * GET /payments/config (anonymous): the public key and MercadoPago.js address for the card form,
 * and whether prices also show "Precio sin impuestos nacionales" (a responsable inscripto issuer).
 */
export const getPaymentsConfigRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Clave pública y SDK de Mercado Pago para el formulario de tarjeta',
        response: { 200: paymentsConfigSchema },
      },
    },
    async () => {
      requireGateway(app);
      return {
        publicKey: app.config.mercadoPago.publicKey,
        sdkUrl: app.config.mercadoPago.sdkUrl,
        showPriceWithoutNationalTaxes: app.config.invoicing.ivaCondition === 'responsable_inscripto',
      };
    },
  );
};
