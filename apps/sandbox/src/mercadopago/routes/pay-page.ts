import type { FastifyInstance, FastifyReply } from 'fastify';
import { brandById } from '../cards';
import type { EmulatorContext } from '../context';
import { MpApiError } from '../errors';
import { installmentOptions } from '../installments';
import { PAY_PAGE_CSS, renderErrorPage, renderPayPage, renderResultPage } from '../pay-page-html';
import { backUrlFor, payPreference, preferenceTotal } from '../preferences';
import type { CardBrand, PreferenceResource } from '../types';

// The `init_point` of a preference: the page where the payer pays, then goes back to our site.

function html(reply: FastifyReply, status: number, body: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

function showPayPage(reply: FastifyReply, preference: PreferenceResource, status = 200, error?: string) {
  const total = preferenceTotal(preference);
  const visa = brandById('visa');
  const payerCosts = visa
    ? installmentOptions(total, visa, preference.payment_methods.installments).payer_costs
    : [];
  return html(reply, status, renderPayPage({ preference, total, payerCosts, ...(error ? { error } : {}) }));
}

export function registerPayPageRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get('/checkout/v1/pay.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(PAY_PAGE_CSS),
  );

  app.get('/checkout/v1/redirect', async (request, reply) => {
    const { pref_id: id = '' } = request.query as { pref_id?: string };
    const preference = context.store.state.preferences[id];
    if (!preference) return html(reply, 404, renderErrorPage('La preferencia de pago no existe.'));
    return showPayPage(reply, preference);
  });

  app.post('/checkout/v1/pay', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const preference = context.store.state.preferences[form.pref_id ?? ''];
    if (!preference) return html(reply, 404, renderErrorPage('La preferencia de pago no existe.'));
    const card = brandById(form.card ?? '')?.id as CardBrand | undefined;
    const email = (form.email ?? '').trim();
    if (!card || !form.cardholder_name || !/^[^@\s]+@[^@\s]+$/.test(email)) {
      return showPayPage(
        reply,
        preference,
        400,
        'Revisá los datos: elegí una tarjeta, un titular y un correo válido.',
      );
    }
    try {
      const { payment, order } = payPreference(context, preference, {
        card,
        cardholderName: form.cardholder_name,
        installments: Number(form.installments ?? 1),
        email,
      });
      const backUrl = backUrlFor(preference, payment, order);
      const autoReturn =
        preference.auto_return === 'all' ||
        (preference.auto_return === 'approved' && payment.status === 'approved');
      // Like Checkout Pro: straight back to the site when auto_return says so, else a result page
      // with a "Volver al sitio" link carrying the same parameters.
      if (backUrl && autoReturn) return reply.redirect(backUrl, 303);
      return html(reply, 200, renderResultPage(payment, backUrl, preference.init_point));
    } catch (error) {
      if (error instanceof MpApiError) return showPayPage(reply, preference, 400, error.message);
      throw error;
    }
  });
}
