declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}

/** Set at build time by the webpack configuration: the app's federation name and version. */
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
