export { default } from './ViewportManagerPage';
