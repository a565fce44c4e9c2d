import type { AppInfo } from '../../shared/contract';
import { APP_NAME } from '../version';
import type { AppContext } from '../app-context';
import type { HandlerSlice } from './types';

export function appInfo(ctx: AppContext): AppInfo {
  return {
    name: APP_NAME,
    version: ctx.version,
    dataDir: ctx.dataDir,
    host: ctx.ports.kind,
    connection: ctx.connections.selected(),
    status: ctx.status,
  };
}

export const appHandlers: HandlerSlice<'app.info' | 'app.checkForUpdates' | 'connections.list' | 'connections.add' | 'connections.remove' | 'connections.select'> = {
  'app.info': async (_input, ctx) => appInfo(ctx),
  'app.checkForUpdates': async (_input, ctx) =>
    ctx.ports.updater
      ? ctx.ports.updater.check()
      : {
          state: 'unavailable',
          currentVersion: appInfo(ctx).version,
          latestVersion: null,
          message: ctx.ports.kind === 'electron' ? 'This build has no update feed: install new versions by hand.' : 'Updates come with the desktop app; this host has none.',
        },
  'connections.list': async (_input, ctx) => ctx.connections.list(),
  'connections.add': async (input, ctx) => {
    const connection = ctx.connections.add({ name: input.name, baseUrl: input.baseUrl, keyStorage: ctx.secrets.kind });
    await ctx.secrets.set(connection.id, input.apiKey);
    return connection;
  },
  'connections.remove': async (input, ctx) => {
    ctx.connections.remove(input.id);
    await ctx.secrets.delete(input.id);
    return ctx.connections.list();
  },
  'connections.select': async (input, ctx) => {
    ctx.connections.select(input.id);
    ctx.setStatus({ connectionId: input.id, state: 'unknown', message: null });
    ctx.watch.reset();
    return appInfo(ctx);
  },
};
