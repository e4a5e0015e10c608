// The provider's name, shown in the brand header, the logo's alt text and the licence modal.
export const PROVIDER = 'Visio3D';
export const LOGO_URL = '/logo.svg';
