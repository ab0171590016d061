import type { TestClient } from './test-server.js';

/** Polls a notification batch through the admin API until it has finished (completed or failed); its last state. */
export async function waitForCampaign(admin: TestClient, id: string) {
  for (let i = 0; i < 200; i++) {
    const r = await admin.json(`/api/admin/notifications/${id}`);
    if (r.body.campaign.status === 'completed' || r.body.campaign.status === 'failed') return r.body.campaign;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('notification batch did not finish');
}
