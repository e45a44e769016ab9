/** A small JSON client of the running service for the demo: one session token, clear errors. */
export class ApiSession {
  private token: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** Signs the demo user up, or logs in when the account exists. */
  async signIn(email: string, password: string, organizationName: string): Promise<'created' | 'existing'> {
    const signup = await this.raw('POST', '/api/v1/auth/signup', {
      email,
      password,
      organization_name: organizationName,
    });
    if (signup.status === 201) {
      this.token = ((await signup.json()) as { token: string }).token;
      return 'created';
    }
    const login = await this.request<{ token: string }>('POST', '/api/v1/auth/login', { email, password });
    this.token = login.token;
    return 'existing';
  }

  /** One JSON request; a non-2xx answer throws with the API's own message. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.raw(method, path, body);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  private raw(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  }
}
