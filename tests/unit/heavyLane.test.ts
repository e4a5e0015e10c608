import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import type { Db } from '../../server/db/client';
import { heavyLane, installLightTraffic } from '../../server/db/heavyLane';

describe('heavy lane (embedded database)', () => {
  it('runs heavy queries one at a time, each after the light requests in flight', async () => {
    const db = {} as Db; // not a pg.Pool: the embedded database's lane
    const app = Fastify();
    installLightTraffic(app, db);
    const order: string[] = [];
    let releaseLight!: () => void;
    const lightDone = new Promise<void>((r) => (releaseLight = r));
    app.get('/light', async () => {
      await lightDone;
      order.push('light answered');
      return 'ok';
    });
    await app.ready();
    const lane = heavyLane(db);
    let running = 0;
    const heavy = (name: string) =>
      lane(async () => {
        running++;
        expect(running).toBe(1);
        order.push(name);
        await new Promise((r) => setTimeout(r, 5));
        running--;
      });
    const light = app.inject({ method: 'GET', url: '/light' });
    await new Promise((r) => setTimeout(r, 10)); // the light request is in flight
    const heavies = Promise.all([heavy('h1'), heavy('h2')]);
    await new Promise((r) => setTimeout(r, 30));
    expect(order).toEqual([]); // held while the light request is answered
    releaseLight();
    await light;
    await heavies;
    expect(order).toEqual(['light answered', 'h1', 'h2']);
    await app.close();
  });
});
