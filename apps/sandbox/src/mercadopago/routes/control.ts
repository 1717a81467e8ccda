import type { FastifyInstance } from 'fastify';
import type { EmulatorControl } from '../control';
import type { FaultSpec } from '../faults';
import { asObject, optionalNumber, optionalString } from '../request-body';

// The control API, for tests and for developers poking at a running emulator. Unauthenticated on
// purpose: the emulator only ever runs in development and tests.

function times(body: unknown): number {
  const value = optionalNumber(asObject(body), 'times') ?? 1;
  return Math.min(Math.max(Math.trunc(value), 1), 20);
}

export function registerControlRoutes(app: FastifyInstance, control: EmulatorControl): void {
  app.post('/_control/preapproval/:id/charge', async (request) => {
    const body = asObject(request.body);
    const { id } = request.params as { id: string };
    const outcome = optionalString(body, 'outcome') ?? 'approved';
    return control.chargePreapproval(
      id,
      outcome as 'approved' | 'rejected',
      optionalString(body, 'status_detail') ?? undefined,
    );
  });

  app.post('/_control/preapproval/:id/retry', async (request) => {
    const body = asObject(request.body);
    const { id } = request.params as { id: string };
    const outcome = optionalString(body, 'outcome') ?? 'approved';
    return control.retryPreapproval(
      id,
      outcome as 'approved' | 'rejected',
      optionalString(body, 'status_detail') ?? undefined,
    );
  });

  app.post('/_control/payments/:id/replay', async (request) => {
    const { id } = request.params as { id: string };
    return { deliveries: await control.replayPaymentNotification(id, times(request.body)) };
  });

  app.post('/_control/preapproval/:id/replay', async (request) => {
    const { id } = request.params as { id: string };
    return { deliveries: await control.replayPreapprovalNotification(id, times(request.body)) };
  });

  app.post('/_control/payments/:id/settle', async (request) => {
    const { id } = request.params as { id: string };
    const status = optionalString(asObject(request.body), 'status') ?? '';
    return control.settlePayment(id, status as 'approved' | 'rejected');
  });

  app.post('/_control/refunds/fail-next', async (request) => {
    control.failNextRefund(times(request.body));
    return { failNextRefund: true };
  });

  app.post('/_control/faults', async (request, reply) => {
    const fault = control.injectFault(asObject(request.body) as FaultSpec);
    return reply.status(201).send(fault);
  });

  app.get('/_control/faults', async () => control.faults());

  app.delete('/_control/faults', async () => {
    control.clearFaults();
    return { cleared: true };
  });

  app.get('/_control/requests', async () => control.requests());

  app.get('/_control/notifications', async () => control.deliveries());

  app.get('/_control/state', async () => control.state());

  app.post('/_control/reset', async () => {
    control.reset();
    return { reset: true };
  });
}
