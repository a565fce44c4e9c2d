/**
 * The `rollups` thread the cache's writer starts when it publishes a full credits pass: it builds
 * the pass's rollups beside the publishing (see ../analytics/rollups-aside.ts) and ends. An entry of
 * its own, so the thread loads only what that needs (under tsx the whole cache worker's graph cost
 * about 35-45 MB more and 0.4 s to start).
 */
import { workerData } from 'node:worker_threads';
import { buildRollupsAside, type RollupsAsideData } from '../analytics/rollups-aside';

buildRollupsAside(workerData as RollupsAsideData);
