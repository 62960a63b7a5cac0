/**
 * The traceability screens' routes, staff only: the lots list, one lot with its recall answer, and the
 * stock by lot. The web side of feat/lots-web owns this folder; these are the paths the API's docs refer to.
 */
export const LOTS_PATH = '/lots';
export const LOT_PATH = '/lots/$id';
export const LOT_STOCK_PATH = '/lots/stock';
