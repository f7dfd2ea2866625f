/** What every mail says of the product: its name and where it lives. */
export interface MailBrand {
  productName: string;
  /** The origin users reach, e.g. `https://hackclass.school.example`. */
  publicUrl: string;
}
