import { expect, test } from '@playwright/test';
import { LabPage } from './lab-page.ts';

test('version-check: checking, updating and reloading, up to date, failed', async ({ page }) => {
  const lab = new LabPage(page);
  await lab.open('version-check', 'Version check');

  // A new build: stored, caches dropped, page reloaded.
  await lab.hold('fetchMeta');
  await lab.hold('applyUpdate');
  await lab.restart();
  await lab.expectState('checking');
  await lab.release('fetchMeta');
  await lab.expectState('updating');
  await expect(page.getByTestId('call-applyUpdate')).toContainText('0.1.0+bbbbbbbbbbbb');
  await lab.release('applyUpdate');
  await lab.expectState('reloading', 'done');
  await expect(page.getByTestId('effect-storeVersion')).toContainText('0.1.0+bbbbbbbbbbbb');
  await expect(page.getByTestId('effect-reloadPage')).toHaveCount(1);

  // The same build: nothing to do.
  await lab.hold('fetchMeta', false);
  await lab.actorSucceeds('fetchMeta', { version: '0.1.0+aaaaaaaaaaaa' });
  await lab.restart();
  await lab.expectState('upToDate');

  // /meta.json unreachable, then reachable again.
  await lab.actorFails('fetchMeta');
  await lab.send('version.check');
  await lab.expectState('failed');
  await lab.expectContext({ failures: 1 });
  await lab.actorSucceeds('fetchMeta');
  await lab.send('version.check');
  await lab.expectState('upToDate');
  await expect(lab.history()).toHaveText(['checking', 'upToDate', 'checking', 'failed', 'checking', 'upToDate']);
});
