// alpha's public surface
export { alphaName } from '@/features/alpha/alpha-name';
