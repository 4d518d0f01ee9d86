export { AddProductTab } from '@/features/player-accounts/add-product-tab';
export { BadPayersTab } from '@/features/player-accounts/bad-payers-tab';
export { SearchPlayerTab } from '@/features/player-accounts/search-player-tab';
export { PlayerProducts } from '@/features/player-accounts/player-products';
