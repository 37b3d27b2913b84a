// A local stand-in for the few parts of Stripe that Moments uses, so subscriptions run offline
// under the emulators (npm start and the tests). The function's official `stripe` client talks
// to it through its host/port/protocol options; it speaks Stripe's wire format (form-encoded
// requests with bracketed keys, JSON answers, Stripe-shaped objects and errors):
//   POST /v1/customers, GET /v1/customers/:id
//   GET  /v1/prices/:id                       the two Moments Plus prices of this run
//   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id
//   POST /v1/billing_portal/sessions
//   GET  /v1/subscriptions/:id, DELETE /v1/subscriptions/:id (cancel now)
// and the two pages Stripe hosts:
//   /c/pay/:session      Checkout: a card form; 4242 4242 4242 4242 pays, 4000 0000 0000 0002
//                        is declined. Paying creates the subscription, sends the webhooks
//                        (customer.subscription.created, checkout.session.completed,
//                        invoice.paid) signed with the webhook secret, then returns to
//                        success_url.
//   /p/session/:session  the billing portal: cancel at period end (or undo), switch plan,
//                        each sending customer.subscription.updated.
// Test knobs (not Stripe's): POST /stand-in/subscriptions/:id/advance ends the period (renews,
// or ends a subscription set to cancel: customer.subscription.deleted), /fail-payment makes the
// renewal fail (past_due, invoice.payment_failed).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createServer } from 'node:http';
import Stripe from 'stripe';
import { listen, readBody, send } from './stand-in-http.mjs';

export const TEST_CARDS = { pays: '4242424242424242', declined: '4000000000000002' };
const PRODUCT = { id: 'prod_moments_plus', name: 'Moments Plus' };
const DAY_S = 24 * 60 * 60;

const newId = (prefix) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowS = () => Math.floor(Date.now() / 1000);

/** Stripe's request bodies: `a[b][0][c]=v` into nested objects and arrays. */
export function parseStripeForm(text) {
  const root = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part];
    });
  }
  return root;
}

function addPeriod(startS, interval) {
  const date = new Date(startS * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const money = (price) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  }).format(price.unit_amount / 100);
const day = (seconds) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 440px; margin: 40px auto; padding: 32px 24px; background: #fff; border-radius: 12px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 4px; }
  h2 { font-size: 1.1rem; margin: 24px 0 8px; }
  label { display: block; font-weight: 600; margin: 16px 0 4px; }
  input { box-sizing: border-box; width: 100%; min-height: 44px; font: inherit; padding: 8px 12px; border: 1px solid #6b7385; border-radius: 6px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { width: 100%; min-height: 48px; margin-top: 20px; font: inherit; font-weight: 600; border-radius: 6px; border: 0; cursor: pointer; background: #4f46e5; color: #fff; }
  button.secondary { background: #fff; color: #3730a3; border: 1px solid #3730a3; }
  a { color: #3730a3; display: inline-block; min-height: 44px; line-height: 44px; }
  .note { color: #4f566b; font-size: .9rem; }
  .error { color: #a4101b; font-weight: 600; }
  .ok { color: #0b6b3a; font-weight: 600; }
`;

function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

/**
 * Starts the stand-in. `config`: secretKey and webhookSecret (what the function is given),
 * webhookUrl (where events go), prices ({monthly, yearly}: {id, unit_amount, currency,
 * interval}). `stateFile`, when given, keeps customers and subscriptions between runs.
 */
export async function startStripeStandIn(config, { port = 0, host = '127.0.0.1', stateFile } = {}) {
  const signer = new Stripe(config.secretKey);
  const prices = new Map(
    Object.values(config.prices).map((p) => [
      p.id,
      {
        id: p.id,
        object: 'price',
        active: true,
        currency: p.currency,
        unit_amount: p.unit_amount,
        product: PRODUCT.id,
        nickname: `${PRODUCT.name} (${p.interval}ly)`,
        recurring: { interval: p.interval, interval_count: 1 },
        type: 'recurring',
        livemode: false,
      },
    ]),
  );
  const saved =
    stateFile && existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : {};
  const customers = new Map(Object.entries(saved.customers ?? {}));
  const subscriptions = new Map(Object.entries(saved.subscriptions ?? {}));
  const checkouts = new Map();
  const portals = new Map();
  const idempotent = new Map();
  let baseUrl = '';

  const save = () => {
    if (!stateFile) return;
    mkdirSync(dirname(stateFile), { recursive: true });
    writeFileSync(
      stateFile,
      JSON.stringify({
        customers: Object.fromEntries(customers),
        subscriptions: Object.fromEntries(subscriptions),
      }),
    );
  };

  /** Sends one event to the webhook endpoint, signed as Stripe signs it; a few retries. */
  async function deliver(type, object) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowS(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event);
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        const res = await fetch(config.webhookUrl, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signer.webhooks.generateTestHeaderString({
              payload,
              secret: config.webhookSecret,
            }),
          },
          body: payload,
        });
        if (res.ok) return event;
        console.warn(`[stripe stand-in] ${type} answered ${res.status}: ${await res.text()}`);
      } catch (err) {
        console.warn(`[stripe stand-in] ${type} could not be delivered: ${err}`);
      }
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
    return event;
  }

  function stripeError(res, status, message, param) {
    send(res, status, {
      error: {
        type: 'invalid_request_error',
        message,
        ...(param ? { param } : {}),
        // Stripe's code for an id it does not know.
        ...(status === 404 && param === 'id' ? { code: 'resource_missing' } : {}),
      },
    });
  }

  function invoiceFor(sub, { paid, reason }) {
    const price = sub.items.data[0].price;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      currency: price.currency,
      amount_due: sub.status === 'trialing' ? 0 : price.unit_amount,
      amount_paid: paid && sub.status !== 'trialing' ? price.unit_amount : 0,
      billing_reason: reason,
      created: nowS(),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
    };
  }

  function createSubscription(session) {
    const price = prices.get(session.line_items[0].price);
    const start = nowS();
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const periodEnd =
      trialDays > 0 ? start + trialDays * DAY_S : addPeriod(start, price.recurring.interval);
    const sub = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      trial_start: trialDays > 0 ? start : null,
      trial_end: trialDays > 0 ? periodEnd : null,
      metadata: session.subscription_data?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    save();
    return sub;
  }

  const liveSubscriptionOf = (customer) =>
    [...subscriptions.values()]
      .filter(
        (s) => s.customer === customer && !['canceled', 'incomplete_expired'].includes(s.status),
      )
      .sort((a, b) => b.created - a.created)[0];

  function checkoutPage(session, message) {
    const price = prices.get(session.line_items[0].price);
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const terms =
      trialDays > 0
        ? `${trialDays} days free, then ${money(price)} per ${price.recurring.interval}`
        : `${money(price)} per ${price.recurring.interval}`;
    return page(
      'Subscribe to Moments Plus (local Stripe stand-in)',
      `<h1>Subscribe to ${PRODUCT.name}</h1>
<p><strong>${escapeHtml(terms)}</strong></p>
<p class="note">This is the local stand-in for Stripe Checkout: no card is charged. Card
4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post">
<label for="card-number">Card number</label>
<input id="card-number" name="card_number" inputmode="numeric" autocomplete="cc-number" required>
<div class="row">
<div><label for="card-expiry">Expiry (MM / YY)</label>
<input id="card-expiry" name="card_expiry" value="12 / 34" autocomplete="cc-exp" required></div>
<div><label for="card-cvc">CVC</label>
<input id="card-cvc" name="card_cvc" value="123" inputmode="numeric" autocomplete="cc-csc" required></div>
</div>
<button type="submit">${trialDays > 0 ? 'Start trial' : 'Subscribe'}</button>
</form>
<p><a href="${escapeHtml(session.cancel_url)}">Back to Moments</a></p>`,
    );
  }

  async function pay(res, session, form) {
    if (session.status !== 'open') {
      return send(
        res,
        410,
        page('Checkout closed', '<h1>This checkout has already been completed.</h1>'),
      );
    }
    const card = String(form.card_number ?? '').replace(/\D/g, '');
    if (card === TEST_CARDS.declined) {
      return send(res, 402, checkoutPage(session, 'Your card was declined. Try another card.'));
    }
    if (card !== TEST_CARDS.pays) {
      return send(res, 400, checkoutPage(session, 'Your card number is invalid.'));
    }
    const sub = createSubscription(session);
    Object.assign(session, {
      status: 'complete',
      payment_status: sub.status === 'trialing' ? 'no_payment_required' : 'paid',
      subscription: sub.id,
    });
    await deliver('customer.subscription.created', sub);
    await deliver('checkout.session.completed', publicSession(session));
    await deliver('invoice.paid', invoiceFor(sub, { paid: true, reason: 'subscription_create' }));
    const back = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
    return send(res, 303, '', { Location: back });
  }

  function portalPage(portal, notice) {
    const sub = liveSubscriptionOf(portal.customer);
    const back = `<p><a href="${escapeHtml(portal.return_url)}">Return to Moments</a></p>`;
    if (!sub) {
      return page(
        'Billing (local Stripe stand-in)',
        `<h1>Billing</h1><p>You have no subscription.</p>${back}`,
      );
    }
    const item = sub.items.data[0];
    const other = [...prices.values()].find((p) => p.id !== item.price.id);
    const when = sub.cancel_at_period_end
      ? `Your plan ends on ${day(item.current_period_end)}.`
      : `Your plan renews on ${day(item.current_period_end)}.`;
    return page(
      'Billing (local Stripe stand-in)',
      `<h1>Billing</h1>
<p class="note">The local stand-in for Stripe's billing portal.</p>
${notice ? `<p class="ok" role="status">${escapeHtml(notice)}</p>` : ''}
<h2>Current plan</h2>
<p><strong>${PRODUCT.name}</strong>, ${money(item.price)} per ${item.price.recurring.interval}. ${when}</p>
<form method="post">
${
  sub.cancel_at_period_end
    ? '<button name="action" value="renew">Renew plan</button>'
    : '<button name="action" value="cancel" class="secondary">Cancel plan</button>'
}
${other ? `<button name="action" value="switch" class="secondary">Switch to ${money(other)} per ${other.recurring.interval}</button>` : ''}
</form>
${back}`,
    );
  }

  async function changeFromPortal(res, portal, form) {
    const sub = liveSubscriptionOf(portal.customer);
    if (!sub) return send(res, 303, '', { Location: portal.url });
    let notice;
    if (form.action === 'cancel') {
      Object.assign(sub, { cancel_at_period_end: true, canceled_at: nowS() });
      sub.cancel_at = sub.items.data[0].current_period_end;
      notice = 'Your plan has been cancelled. It stays active until the end of the period.';
    } else if (form.action === 'renew') {
      Object.assign(sub, { cancel_at_period_end: false, canceled_at: null, cancel_at: null });
      notice = 'Your plan has been renewed.';
    } else if (form.action === 'switch') {
      const item = sub.items.data[0];
      item.price = [...prices.values()].find((p) => p.id !== item.price.id) ?? item.price;
      notice = `Your plan has been switched to ${item.price.recurring.interval}ly billing.`;
    } else {
      return send(res, 400, 'unknown action');
    }
    save();
    await deliver('customer.subscription.updated', sub);
    return send(res, 303, '', { Location: `${portal.url}?notice=${encodeURIComponent(notice)}` });
  }

  /** The test knob: the period ends now. */
  async function advance(res, sub) {
    const item = sub.items.data[0];
    if (sub.cancel_at_period_end) {
      Object.assign(sub, { status: 'canceled', ended_at: nowS() });
      save();
      await deliver('customer.subscription.deleted', sub);
    } else {
      const start = nowS();
      Object.assign(item, {
        current_period_start: start,
        current_period_end: addPeriod(start, item.price.recurring.interval),
      });
      sub.status = 'active';
      save();
      await deliver('invoice.paid', invoiceFor(sub, { paid: true, reason: 'subscription_cycle' }));
      await deliver('customer.subscription.updated', sub);
    }
    return send(res, 200, sub);
  }

  async function failPayment(res, sub) {
    sub.status = 'past_due';
    save();
    await deliver(
      'invoice.payment_failed',
      invoiceFor(sub, { paid: false, reason: 'subscription_cycle' }),
    );
    await deliver('customer.subscription.updated', sub);
    return send(res, 200, sub);
  }

  /** A session as Stripe answers it (what the page needs to charge stays inside). */
  const publicSession = (s) =>
    Object.fromEntries(
      Object.entries(s).filter(([key]) => key !== 'line_items' && key !== 'subscription_data'),
    );

  async function api(req, res, path, body) {
    const auth = req.headers.authorization ?? '';
    if (auth !== `Bearer ${config.secretKey}`) {
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && key && idempotent.has(`${path} ${key}`)) {
      return send(res, 200, idempotent.get(`${path} ${key}`));
    }
    const answer = (value) => {
      if (req.method === 'POST' && key) idempotent.set(`${path} ${key}`, value);
      return send(res, 200, value);
    };
    let match;
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: nowS(),
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      customers.set(customer.id, customer);
      save();
      return answer(customer);
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/customers\/([\w-]+)$/))) {
      const customer = customers.get(match[1]);
      return customer
        ? answer(customer)
        : stripeError(res, 404, `No such customer: '${match[1]}'`, 'id');
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/prices\/([\w-]+)$/))) {
      const price = prices.get(match[1]);
      return price ? answer(price) : stripeError(res, 404, `No such price: '${match[1]}'`, 'id');
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'subscription')
        return stripeError(res, 400, 'Only subscription mode is supported here.', 'mode');
      if (!customers.has(body.customer))
        return stripeError(res, 400, `No such customer: '${body.customer}'`, 'customer');
      const items = body.line_items ?? [];
      if (items.length !== 1 || !prices.has(items[0].price)) {
        return stripeError(res, 400, 'line_items must name one known price.', 'line_items');
      }
      for (const name of ['success_url', 'cancel_url']) {
        if (!/^https?:\/\//.test(body[name] ?? ''))
          return stripeError(res, 400, `Invalid URL: ${name}`, name);
      }
      const id = `cs_test_${randomBytes(24).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        subscription: null,
        url: `${baseUrl}/c/pay/${id}`,
        created: nowS(),
        livemode: false,
        line_items: items,
        subscription_data: body.subscription_data ?? {},
      };
      checkouts.set(id, session);
      return answer(publicSession(session));
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) {
      const session = checkouts.get(match[1]);
      return session
        ? answer(publicSession(session))
        : stripeError(res, 404, 'No such checkout.session', 'id');
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!customers.has(body.customer))
        return stripeError(res, 400, `No such customer: '${body.customer}'`, 'customer');
      const id = newId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `${baseUrl}/p/session/${id}`,
        created: nowS(),
        livemode: false,
      };
      portals.set(id, portal);
      return answer(portal);
    }
    if (req.method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      const sub = subscriptions.get(match[1]);
      return sub ? answer(sub) : stripeError(res, 404, `No such subscription: '${match[1]}'`, 'id');
    }
    if (req.method === 'DELETE' && (match = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      // Cancel now: the subscription ends at once, with customer.subscription.deleted.
      const sub = subscriptions.get(match[1]);
      if (!sub) return stripeError(res, 404, `No such subscription: '${match[1]}'`, 'id');
      if (sub.status !== 'canceled') {
        Object.assign(sub, { status: 'canceled', canceled_at: nowS(), ended_at: nowS() });
        save();
        await deliver('customer.subscription.deleted', sub);
      }
      return answer(sub);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const text = req.method === 'POST' ? (await readBody(req)).toString() : '';
    if (path.startsWith('/v1/')) return api(req, res, path, parseStripeForm(text));
    const form = Object.fromEntries(new URLSearchParams(text));
    let match;
    if ((match = path.match(/^\/c\/pay\/([\w-]+)$/))) {
      const session = checkouts.get(match[1]);
      if (!session)
        return send(res, 404, page('Not found', '<h1>This checkout link is not valid.</h1>'));
      if (req.method === 'POST') return pay(res, session, form);
      return send(res, 200, checkoutPage(session));
    }
    if ((match = path.match(/^\/p\/session\/([\w-]+)$/))) {
      const portal = portals.get(match[1]);
      if (!portal)
        return send(res, 404, page('Not found', '<h1>This billing link is not valid.</h1>'));
      if (req.method === 'POST') return changeFromPortal(res, portal, form);
      return send(res, 200, portalPage(portal, url.searchParams.get('notice')));
    }
    if (
      req.method === 'POST' &&
      (match = path.match(/^\/stand-in\/subscriptions\/([\w-]+)\/(advance|fail-payment)$/))
    ) {
      const sub = subscriptions.get(match[1]);
      if (!sub) return send(res, 404, { error: 'no such subscription' });
      return match[2] === 'advance' ? advance(res, sub) : failPayment(res, sub);
    }
    return send(res, 404, { error: 'not_found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) =>
      send(res, 500, { error: { type: 'api_error', message: String(err) } }),
    );
  });
  baseUrl = await listen(server, port, host);
  return {
    url: baseUrl,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The prices of the local Moments Plus (what the Stripe dashboard would hold). */
export const LOCAL_PRICES = {
  monthly: { id: 'price_local_plus_monthly', unit_amount: 499, currency: 'usd', interval: 'month' },
  yearly: { id: 'price_local_plus_yearly', unit_amount: 4999, currency: 'usd', interval: 'year' },
};

/**
 * For the emulators: throwaway keys for this run, a stand-in that sends its events to
 * `webhookUrl`, and the STRIPE_* variables that point the function at it. The port is any free
 * one unless STRIPE_STAND_IN_PORT says otherwise.
 */
export async function startStripeForEmulators({ webhookUrl, stateFile }, env = process.env) {
  const config = {
    secretKey: `sk_test_local_${randomBytes(16).toString('hex')}`,
    webhookSecret: `whsec_local_${randomBytes(16).toString('hex')}`,
    webhookUrl,
    prices: LOCAL_PRICES,
  };
  const standIn = await startStripeStandIn(config, {
    port: Number(env.STRIPE_STAND_IN_PORT ?? 0),
    stateFile,
  });
  return {
    close: standIn.close,
    env: {
      STRIPE_SECRET_KEY: config.secretKey,
      STRIPE_WEBHOOK_SECRET: config.webhookSecret,
      STRIPE_PRICE_MONTHLY: LOCAL_PRICES.monthly.id,
      STRIPE_PRICE_YEARLY: LOCAL_PRICES.yearly.id,
      STRIPE_API_URL: standIn.url,
    },
  };
}
