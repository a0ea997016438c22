/**
 * The bundled test provider's stand-in for Mercado Pago's browser SDK (`https://sdk.mercadopago.com/js/v2`),
 * served at `/js/v2`. Same surface our checkout uses with the real one: `new MercadoPago(publicKey,
 * { locale })`, `getPaymentMethods({ bin })`, `getIdentificationTypes()` and `createCardToken({...})`,
 * answering like it (a token `{ id, ... }`; on refusal a rejection carrying the API's `cause` list). It
 * talks to this provider's `/v1/card_tokens` and `/v1/payment_methods/search` with the public key,
 * as the real SDK talks to api.mercadopago.com, so card data still goes only to the "provider".
 * Plain ES5 in a string: it runs in the browser as the real script would, not through our bundle.
 */
export const STAND_IN_SDK = `/* CDA Extractor: stand-in of Mercado Pago's SDK v2 for test mode. Not the real SDK. */
(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? new URL(script.src).origin : '';

  function call(method, path, body) {
    return fetch(base + path, {
      method: method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (res) {
      return res.json().then(function (json) {
        if (res.ok) return json;
        var err = new Error(json && json.message ? json.message : 'Mercado Pago: HTTP ' + res.status);
        err.status = res.status;
        err.cause = (json && json.cause) || [];
        throw err;
      });
    });
  }

  function MercadoPago(publicKey, options) {
    if (!(this instanceof MercadoPago)) throw new TypeError('MercadoPago must be called with new');
    if (!publicKey) throw new Error('MercadoPago.js - Public key is required');
    this.publicKey = publicKey;
    this.locale = (options && options.locale) || 'pt-BR';
  }

  MercadoPago.prototype.getPaymentMethods = function (params) {
    var bin = String((params && params.bin) || '').replace(/\\D/g, '').slice(0, 8);
    return call('GET', '/v1/payment_methods/search?public_key=' + encodeURIComponent(this.publicKey) + '&bins=' + encodeURIComponent(bin));
  };

  MercadoPago.prototype.getIdentificationTypes = function () {
    return Promise.resolve([
      { id: 'CPF', name: 'CPF', type: 'number', min_length: 11, max_length: 11 },
      { id: 'CNPJ', name: 'CNPJ', type: 'number', min_length: 14, max_length: 14 }
    ]);
  };

  MercadoPago.prototype.createCardToken = function (data) {
    return call('POST', '/v1/card_tokens?public_key=' + encodeURIComponent(this.publicKey), {
      card_number: String(data.cardNumber || '').replace(/\\D/g, ''),
      cardholder: {
        name: data.cardholderName,
        identification: { type: data.identificationType, number: String(data.identificationNumber || '').replace(/\\D/g, '') }
      },
      expiration_month: Number(data.cardExpirationMonth),
      expiration_year: Number(data.cardExpirationYear),
      security_code: String(data.securityCode || '')
    });
  };

  /** Tells this stand-in from the real SDK (the checkout shows the test cards only with it). */
  MercadoPago.standIn = true;
  window.MercadoPago = MercadoPago;
})();
`;
