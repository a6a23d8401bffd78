import { defineConfig } from "vite";

// The page is served by xunlu-server (--web web/dist) from the root, beside /v1/...; `npm run
// dev` proxies the API to a server on 127.0.0.1:8080 (./run serve).
export default defineConfig({
  base: "./",
  build: { outDir: "dist", emptyOutDir: true, target: "es2020", sourcemap: false },
  server: { proxy: { "/v1": "http://127.0.0.1:8080" } },
});
