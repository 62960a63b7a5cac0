import { loadFeatureCatalogue } from "../../i18n/i18n";

/**
 * This feature's texts are a catalogue of their own (lingui.config.ts): every module of the feature that speaks
 * imports this one, which starts loading them as the module is evaluated; the router draws the screen once they are
 * there (`featureCataloguesLoaded`).
 */
void loadFeatureCatalogue("sustainability");
