/** Set by Vite's `define`: the id of the running build, compared with /build-id.json. */
declare const __BUILD_ID__: string;
