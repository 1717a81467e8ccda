/*
 * Local stand-in of MercadoPago.js v2 (https://sdk.mercadopago.com/js/v2), served by the Mercado
 * Pago emulator at <emulator>/js/v2. It defines `window.MercadoPago` with the core methods our card
 * form uses, calling the emulator that served it instead of api.mercadopago.com. Plain ES2019 with
 * no eval and no inline code, so it loads under the app's CSP as an external script.
 *
 * Differences from the real library: no `cardForm`, `fields` (secure fields) or `bricks` modules,
 * no device fingerprinting; rejected calls reject with an array of `{ code, message }` causes.
 */
(() => {
  const script = document.currentScript || document.querySelector('script[src*="/js/v2"]');
  const src = script ? script.src : '';
  if (!src) throw new Error('MercadoPago stand-in: cannot tell where it was loaded from');
  // Everything before "/js/v2" is the emulator's base (including a prefix such as /sandbox/mercadopago).
  const base = src.replace(/\/js\/v2(?:[?#].*)?$/, '');

  function queryString(params) {
    const parts = [];
    Object.keys(params).forEach((key) => {
      const value = params[key];
      if (value !== undefined && value !== null && value !== '') {
        parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
      }
    });
    return parts.join('&');
  }

  function causesOf(data, status) {
    if (data && Array.isArray(data.cause) && data.cause.length > 0) {
      return data.cause.map((cause) => ({ code: String(cause.code), message: cause.description }));
    }
    const message = data ? data.message : null;
    return [{ code: String(status), message: message || 'request failed' }];
  }

  function call(method, path, params, body) {
    const init = { method: method, headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(`${base + path}?${queryString(params)}`, init).then((response) =>
      response
        .json()
        .catch(() => null)
        .then((data) => (response.ok ? data : Promise.reject(causesOf(data, response.status)))),
    );
  }

  function requireParam(value, name) {
    if (value === undefined || value === null || value === '') {
      return Promise.reject(new Error(`MercadoPago.js - ${name} is required`));
    }
    return null;
  }

  function binOf(value) {
    return String(value).replace(/\D/g, '').slice(0, 8);
  }

  class MercadoPago {
    constructor(publicKey, options) {
      if (!publicKey) throw new Error('MercadoPago.js - Public key is required');
      this.publicKey = publicKey;
      const settings = options || {};
      this.locale = settings.locale || 'es-AR';
    }

    getIdentificationTypes() {
      return call('GET', '/v1/identification_types', { public_key: this.publicKey });
    }

    getPaymentMethods(params) {
      const input = params || {};
      const missing = requireParam(input.bin, 'bin');
      if (missing) return missing;
      return call('GET', '/v1/payment_methods/search', {
        public_key: this.publicKey,
        bins: binOf(input.bin),
        processing_mode: input.processingMode,
        marketplace: 'NONE',
        status: 'active',
        locale: this.locale,
      });
    }

    getIssuers(params) {
      const input = params || {};
      const paymentMethodId = input.paymentMethodId || input.payment_method_id;
      const missing = requireParam(paymentMethodId, 'paymentMethodId') || requireParam(input.bin, 'bin');
      if (missing) return missing;
      return call('GET', '/v1/payment_methods/card_issuers', {
        public_key: this.publicKey,
        payment_method_id: paymentMethodId,
        bin: binOf(input.bin),
        locale: this.locale,
      });
    }

    getInstallments(params) {
      const input = params || {};
      const missing = requireParam(input.amount, 'amount') || requireParam(input.bin, 'bin');
      if (missing) return missing;
      return call('GET', '/v1/payment_methods/installments', {
        public_key: this.publicKey,
        amount: input.amount,
        bin: binOf(input.bin),
        locale: input.locale || this.locale,
        processing_mode: input.processingMode || input.processing_mode,
        payment_type_id: input.paymentTypeId || input.payment_type_id || 'credit_card',
      });
    }

    createCardToken(params) {
      const input = params || {};
      if (input.cardId) {
        // A saved card (customers and cards): its id and the security code typed again.
        return call(
          'POST',
          '/v1/card_tokens',
          { public_key: this.publicKey, locale: this.locale },
          { card_id: input.cardId, security_code: input.securityCode },
        );
      }
      return call(
        'POST',
        '/v1/card_tokens',
        { public_key: this.publicKey, locale: this.locale },
        {
          card_number: input.cardNumber,
          security_code: input.securityCode,
          expiration_month: input.cardExpirationMonth,
          expiration_year: input.cardExpirationYear,
          cardholder: {
            name: input.cardholderName,
            identification: { type: input.identificationType, number: input.identificationNumber },
          },
        },
      );
    }

    cardForm() {
      throw new Error('MercadoPago.js stand-in: cardForm is not emulated; use the core methods');
    }

    bricks() {
      throw new Error('MercadoPago.js stand-in: bricks are not emulated; use the core methods');
    }
  }

  window.MercadoPago = MercadoPago;
})();
