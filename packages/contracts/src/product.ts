/** The product's name, as pages, the runtime configuration and mails say it. */
export const PRODUCT_NAME = 'HackClass';
