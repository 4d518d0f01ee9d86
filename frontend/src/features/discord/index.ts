export { DiscordLinkCard } from '@/features/discord/discord-link-card';
export { DiscordLinkedScreen } from '@/features/discord/discord-linked-screen';
