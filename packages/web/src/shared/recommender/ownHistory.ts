/**
 * Whether this browser's recommender id has told the server of any listening. Until it has, a
 * signed-out visitor has no history there, and "recommended for you" is the popular list itself
 * (the server fills an empty history with it, recommender/index.ts), which the home page would
 * fetch only to hide (docs/product.md §2.4). Kept per id: a new id starts without.
 */
const KEY = 'sasayaki-recommender-history';

export function noteRecommenderHistory(recommenderUuid: string): void {
  try {
    localStorage.setItem(KEY, recommenderUuid);
  } catch {
    // Storage refused (private mode, full): the home page keeps asking, as before.
  }
}

export function hasRecommenderHistory(recommenderUuid: string): boolean {
  try {
    return localStorage.getItem(KEY) === recommenderUuid;
  } catch {
    return true;
  }
}
