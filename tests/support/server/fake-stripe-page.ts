// The fake Stripe's hosted Checkout page: no script, three ways to pay, and a way back.

const escape = (value: unknown) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function checkoutPage(session: Record<string, unknown> | undefined): string {
  if (!session) return '<!doctype html><title>Not found</title><h1>No such Checkout page</h1>';
  const amount = `${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><main><h1>Fake Stripe Checkout</h1>`;
  if (session.status !== 'open')
    return `${head}<p>This payment page is ${escape(session.status)}.</p></main></body></html>`;
  const methods = session.allowed_payment_method_types as string[];
  const button = (method: string, label: string) =>
    methods.includes(method)
      ? `<form method="post"><input type="hidden" name="method" value="${method}"><button type="submit">${label}</button></form>`
      : '';
  return `${head}<p>Amount: <strong data-testid="amount">${escape(amount)}</strong></p>
${button('card', 'Pay with card')}${button('mb_way', 'Pay with MB WAY')}${button('multibanco', 'Get a Multibanco reference')}
<p><a href="${escape(session.cancel_url)}">Back</a></p></main></body></html>`;
}
