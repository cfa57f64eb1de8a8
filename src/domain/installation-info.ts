/** What the shop gives an installation variant (CART-7: name, description, 200x200 image). */
export interface InstallationInfo {
  name: string;
  description: string;
  image?: string | undefined;
}
