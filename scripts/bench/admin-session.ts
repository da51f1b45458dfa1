// The benchmarks act as the owner over HTTP, as the admin's browser does.

/** The owner's session on the server at `baseUrl`: the headers an admin request sends (cookie, Origin). */
export async function adminHeaders(baseUrl: string, password: string): Promise<{ cookie: string; origin: string }> {
  const origin = new URL(baseUrl).origin;
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 204) throw new Error(`admin login answered ${login.status}`);
  return { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '', origin };
}
