import { request } from '@playwright/test';
import { E2E_PASSWORD } from './server.js';

export interface SeedReview {
  clientName: string;
  rating: number;
  comment: string;
}

/** Submits reviews through the public API and approves them through the admin API. */
export async function seedApprovedReviews(baseURL: string, reviews: SeedReview[]): Promise<void> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    for (const review of reviews) {
      const created = await api.post('/api/reviews', { data: review });
      if (created.status() !== 201) throw new Error(`seeding failed: ${created.status()}`);
    }
    const login = await api.post('/api/admin/login', { data: { password: E2E_PASSWORD } });
    if (login.status() !== 204) throw new Error(`login failed: ${login.status()}`);
    const pending: { items: Array<{ id: string; clientName: string }> } = await (await api.get('/api/admin/reviews?status=pending')).json();
    const names = new Set(reviews.map((r) => r.clientName));
    for (const item of pending.items.filter((r) => names.has(r.clientName))) {
      const approved = await api.post(`/api/admin/reviews/${item.id}/approve`);
      if (approved.status() !== 204) throw new Error(`approve failed: ${approved.status()}`);
    }
  } finally {
    await api.dispose();
  }
}

export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
