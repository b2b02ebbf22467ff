import { expect, type Locator, type Page } from '@playwright/test';

/** The machine lab as a tester uses it: pick a machine, send events, steer the fake actors, move time. */
export class LabPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async open(machineId: string, title: string): Promise<void> {
    await this.page.goto(`/lab.html#${machineId}`);
    await expect(this.page.getByTestId('machine-title')).toHaveText(title);
  }

  get state(): Locator {
    return this.page.getByTestId('state-value');
  }

  async expectState(label: string, status: 'active' | 'done' = 'active'): Promise<void> {
    await expect(this.state).toHaveText(label);
    await expect(this.page.getByTestId('actor-status')).toHaveText(status);
  }

  event(type: string): Locator {
    return this.page.getByTestId(`event-${type}`);
  }

  /** Sends an event, with a payload typed into its JSON box when given. */
  async send(type: string, payload?: Record<string, unknown>): Promise<void> {
    if (payload !== undefined) await this.page.getByTestId(`payload-${type}`).fill(JSON.stringify(payload));
    await expect(this.event(type)).toBeEnabled();
    await this.event(type).click();
  }

  async context(): Promise<Record<string, unknown>> {
    const text = await this.page.getByTestId('context').textContent();
    return JSON.parse(text ?? '{}') as Record<string, unknown>;
  }

  async expectContext(expected: Record<string, unknown>): Promise<void> {
    await expect.poll(() => this.context()).toMatchObject(expected);
  }

  async advance(ms: number): Promise<void> {
    await this.page.getByTestId('clock-ms').fill(String(ms));
    await this.page.getByTestId('clock-advance').click();
  }

  async actorFails(name: string, error?: Record<string, unknown>): Promise<void> {
    await this.page.getByTestId(`actor-${name}-fail`).check();
    if (error) await this.page.getByTestId(`actor-${name}-error`).fill(JSON.stringify(error));
  }

  async actorSucceeds(name: string, result?: unknown): Promise<void> {
    await this.page.getByTestId(`actor-${name}-succeed`).check();
    if (result !== undefined) await this.page.getByTestId(`actor-${name}-result`).fill(JSON.stringify(result));
  }

  async hold(name: string, on = true): Promise<void> {
    await this.page.getByTestId(`actor-${name}-hold`).setChecked(on);
  }

  /** Settles the oldest held call of the actor with its current succeed/fail setting. */
  async release(name: string): Promise<void> {
    await this.page.getByTestId(`release-${name}`).first().click();
  }

  async restart(input?: unknown): Promise<void> {
    if (input !== undefined) await this.page.getByTestId('input').fill(JSON.stringify(input));
    await this.page.getByTestId('restart').click();
  }

  history(): Locator {
    return this.page.getByTestId('history').locator('li');
  }
}
