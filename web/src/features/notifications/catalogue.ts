import { loadFeatureCatalogue } from '../../i18n/i18n';

/**
 * This feature's texts are a catalogue of their own (lingui.config.ts): every module of the feature that speaks
 * imports this one, which starts loading them as the module is evaluated; the router draws the settings screen, and the
 * bell its drawer, once they are there (`featureCataloguesLoaded`). The bell's own words are the shell's.
 */
void loadFeatureCatalogue('notifications');
