/** App version (docs/product.md §9), from the contract. */
export { APP_VERSION } from '@sasayaki/contract';
