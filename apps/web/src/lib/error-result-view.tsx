import Result from '@arco-design/web-react/es/Result';

// A module of its own so the style plugin brings Result's CSS with it (lib/error-result.tsx loads it).
export { Result as ResultView };
