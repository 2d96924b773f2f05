/**
 * The id of app.html's `<template>` that keeps the web app manifest's `<link rel="manifest">` out of
 * `<head>` until the page has loaded (vite.config.ts `sabai:static-home`, lib/service-worker.ts;
 * docs/adr/0050 third addendum). A module of its own: the build config reads it without the DOM.
 */
export const MANIFEST_TEMPLATE_ID = 'app-manifest';
