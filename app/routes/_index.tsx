// `/` is the login screen, exactly like /login (SPEC.md section 2).
export { action, loader, meta } from './login'
export { default } from './login'
