import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RefundNotice } from './upgrade-dialogs';

describe('the refund notice after an upgrade', () => {
  it('says the refund is done, coming within 10 business days, or that nothing was charged to refund', () => {
    expect(renderToStaticMarkup(<RefundNotice refundStatus="SUCCESS" />)).toContain(
      'Ya te devolvimos la parte que no usaste',
    );
    expect(renderToStaticMarkup(<RefundNotice refundStatus="FAILED" />)).toContain('10 días hábiles');
    const none = renderToStaticMarkup(<RefundNotice refundStatus="NONE" />);
    expect(none).toContain('No hay nada que devolverte');
    expect(none).toContain('data-refund="NONE"');
  });
});
