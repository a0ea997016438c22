import type { Settings, SettingsSection } from '@cda/shared';

/**
 * Read access to the settings for code in common/ (the guards), which imports no module folder. An
 * abstract class so that it is its own injection token: SettingsModule provides it with
 * `useExisting: SettingsService`.
 */
export abstract class SettingsReader {
  abstract get<S extends SettingsSection>(section: S): Promise<Settings[S]>;
}
