import { PRODUCT_NAME } from '@hackclass/contracts';
import type { MailBrand } from '@hackclass/mail';

/** What the identity service's mails say of the product: its name and the origin users reach. */
export const mailBrand = ({ publicUrl }: { publicUrl: string }): MailBrand => ({
  productName: PRODUCT_NAME,
  publicUrl,
});
