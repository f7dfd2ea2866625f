import { PRODUCT_NAME } from '@hackclass/contracts';

/** What every mail says of the product: its name and where it lives. */
export interface MailBrand {
  productName: string;
  /** The origin users reach, e.g. `https://hackclass.school.example`. */
  publicUrl: string;
}

/** The brand of every mail: the product's one name, and the origin users reach (PUBLIC_URL). */
export const mailBrandOf = (publicUrl: string): MailBrand => ({
  productName: PRODUCT_NAME,
  publicUrl,
});
