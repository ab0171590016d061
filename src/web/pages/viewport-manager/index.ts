export { ViewportManagerPage, VIEWPORT_MANAGER_PATH, openViewportManager } from './ViewportManagerPage';
export { default } from './ViewportManagerPage';
