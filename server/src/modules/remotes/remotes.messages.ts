// Texts of the codes the remotes' and the back-office sections' operator routes raise, seven
// languages each ({detail}: which remote, section or release, and for an incompatible one what it
// needs).
import { defineMessages } from '../../i18n/messages';

export const remotesMessages = defineMessages({
  'remote.unknown': {
    EN: 'No such remote in this site’s registry: {detail}',
    BN: 'এই সাইটের রেজিস্ট্রিতে এমন কোনো রিমোট নেই: {detail}',
    CN: '本站注册表中没有该远程模块：{detail}',
    ID: 'Tidak ada remote seperti itu di registri situs ini: {detail}',
    TH: 'ไม่มีรีโมตนี้ในรีจิสทรีของเว็บไซต์: {detail}',
    TY: '本站註冊表中沒有該遠端模組：{detail}',
    VI: 'Không có remote này trong sổ đăng ký của trang: {detail}',
  },
  'remote.release.unknown': {
    EN: 'This release of the remote is not deployed on the site: {detail}',
    BN: 'রিমোটের এই রিলিজটি সাইটে ডিপ্লয় করা নেই: {detail}',
    CN: '该远程模块的此版本未部署到本站：{detail}',
    ID: 'Rilis remote ini tidak dipasang di situs: {detail}',
    TH: 'รีลีสนี้ของรีโมตไม่ได้ติดตั้งบนเว็บไซต์: {detail}',
    TY: '該遠端模組的此版本未部署到本站：{detail}',
    VI: 'Bản phát hành này của remote chưa được triển khai trên trang: {detail}',
  },
  'remote.release.incompatible': {
    EN: 'The deployed shell cannot run this release; it needs other versions of what the page shares: {detail}',
    BN: 'ডিপ্লয় করা শেল এই রিলিজ চালাতে পারে না; এটির পৃষ্ঠার শেয়ার করা অংশের অন্য সংস্করণ দরকার: {detail}',
    CN: '已部署的外壳无法运行此版本：它需要页面共享模块的其他版本：{detail}',
    ID: 'Shell yang terpasang tidak dapat menjalankan rilis ini; rilis ini membutuhkan versi lain dari modul bersama halaman: {detail}',
    TH: 'เชลล์ที่ติดตั้งอยู่ไม่สามารถรันรีลีสนี้ได้ เพราะต้องใช้โมดูลที่ใช้ร่วมกันของหน้าเวอร์ชันอื่น: {detail}',
    TY: '已部署的外殼無法執行此版本：它需要頁面共享模組的其他版本：{detail}',
    VI: 'Shell đã triển khai không chạy được bản phát hành này; nó cần phiên bản khác của các mô-đun dùng chung của trang: {detail}',
  },
  'remote.rollback.none': {
    EN: 'There is no earlier release of this remote that the deployed shell can run: {detail}',
    BN: 'এই রিমোটের এমন কোনো আগের রিলিজ নেই যা ডিপ্লয় করা শেল চালাতে পারে: {detail}',
    CN: '没有已部署外壳可运行的该远程模块的更早版本：{detail}',
    ID: 'Tidak ada rilis sebelumnya dari remote ini yang dapat dijalankan shell yang terpasang: {detail}',
    TH: 'ไม่มีรีลีสก่อนหน้าของรีโมตนี้ที่เชลล์ที่ติดตั้งอยู่รันได้: {detail}',
    TY: '沒有已部署外殼可執行的該遠端模組的更早版本：{detail}',
    VI: 'Không có bản phát hành trước của remote này mà shell đã triển khai chạy được: {detail}',
  },
  'remote.canary.serving': {
    EN: 'Every device is served this release already; a canary must be another release: {detail}',
    BN: 'প্রতিটি ডিভাইস ইতিমধ্যেই এই রিলিজ পাচ্ছে; ক্যানারি অবশ্যই অন্য একটি রিলিজ হতে হবে: {detail}',
    CN: '所有设备已在使用此版本；灰度发布必须是另一个版本：{detail}',
    ID: 'Semua perangkat sudah dilayani rilis ini; canary harus rilis yang lain: {detail}',
    TH: 'ทุกอุปกรณ์ได้รับรีลีสนี้อยู่แล้ว คานารีต้องเป็นรีลีสอื่น: {detail}',
    TY: '所有裝置已在使用此版本；灰度發佈必須是另一個版本：{detail}',
    VI: 'Mọi thiết bị đã được phục vụ bản phát hành này; bản canary phải là một bản phát hành khác: {detail}',
  },
  // The back office's sections (backoffice-sections.operator-routes.ts).
  'backoffice.section.unknown': {
    EN: 'No such back-office section is deployed on the site: {detail}',
    BN: 'সাইটে এমন কোনো ব্যাক-অফিস বিভাগ ডিপ্লয় করা নেই: {detail}',
    CN: '本站未部署该后台模块：{detail}',
    ID: 'Tidak ada bagian back office seperti itu yang dipasang di situs: {detail}',
    TH: 'ไม่มีส่วนนี้ของระบบหลังบ้านติดตั้งอยู่บนเว็บไซต์: {detail}',
    TY: '本站未部署該後台模組：{detail}',
    VI: 'Không có phần back office này được triển khai trên trang: {detail}',
  },
  'backoffice.section.release.missing': {
    EN: 'This release of the back-office section is not deployed on the site: {detail}',
    BN: 'ব্যাক-অফিস বিভাগের এই রিলিজটি সাইটে ডিপ্লয় করা নেই: {detail}',
    CN: '该后台模块的此版本未部署到本站：{detail}',
    ID: 'Rilis bagian back office ini tidak dipasang di situs: {detail}',
    TH: 'รีลีสนี้ของส่วนระบบหลังบ้านไม่ได้ติดตั้งบนเว็บไซต์: {detail}',
    TY: '該後台模組的此版本未部署到本站：{detail}',
    VI: 'Bản phát hành này của phần back office chưa được triển khai trên trang: {detail}',
  },
  'backoffice.section.nothing.before': {
    EN: 'There is no earlier release of this back-office section deployed: {detail}',
    BN: 'এই ব্যাক-অফিস বিভাগের কোনো আগের রিলিজ ডিপ্লয় করা নেই: {detail}',
    CN: '该后台模块没有已部署的更早版本：{detail}',
    ID: 'Tidak ada rilis sebelumnya dari bagian back office ini yang dipasang: {detail}',
    TH: 'ไม่มีรีลีสก่อนหน้าของส่วนระบบหลังบ้านนี้ติดตั้งอยู่: {detail}',
    TY: '該後台模組沒有已部署的更早版本：{detail}',
    VI: 'Không có bản phát hành trước nào của phần back office này được triển khai: {detail}',
  },
  'backoffice.section.incompatible': {
    EN: 'The deployed back office cannot run this release of the section: {detail}',
    BN: 'ডিপ্লয় করা ব্যাক অফিস বিভাগের এই রিলিজটি চালাতে পারে না: {detail}',
    CN: '已部署的后台无法运行该模块的此版本：{detail}',
    ID: 'Back office yang dipasang tidak dapat menjalankan rilis bagian ini: {detail}',
    TH: 'ระบบหลังบ้านที่ติดตั้งอยู่ไม่สามารถรันรีลีสนี้ของส่วนนี้ได้: {detail}',
    TY: '已部署的後台無法執行該模組的此版本：{detail}',
    VI: 'Back office đang triển khai không chạy được bản phát hành này của phần: {detail}',
  },
});
